// The page shell and the routes. Each page is its own module under pages/; the graph view and its
// library load only with the pages that draw one.
import { ErrorBoundary, LocationProvider, Route, Router, lazy } from 'preact-iso';
import { Layout } from './components/layout';
import { NotFound } from './pages/not-found';

const Home = lazy(() => import('./pages/home').then((m) => m.Home));
const Search = lazy(() => import('./pages/search').then((m) => m.Search));
const PackagePage = lazy(() => import('./pages/package').then((m) => m.PackagePage));
const ArtifactPage = lazy(() => import('./pages/artifact').then((m) => m.ArtifactPage));
const VulnPage = lazy(() => import('./pages/vuln').then((m) => m.VulnPage));
const GraphPage = lazy(() => import('./pages/graph').then((m) => m.GraphPage));
const Documents = lazy(() => import('./pages/documents').then((m) => m.Documents));
const Projects = lazy(() => import('./pages/projects').then((m) => m.Projects));
const Findings = lazy(() => import('./pages/findings').then((m) => m.Findings));

export function App() {
  return (
    <LocationProvider scope="/ui/">
      <Layout>
        <ErrorBoundary>
          <Router>
            <Route path="/ui/" component={Home} />
            <Route path="/ui/search" component={Search} />
            <Route path="/ui/package/*" component={PackagePage} />
            <Route path="/ui/artifact/*" component={ArtifactPage} />
            <Route path="/ui/vuln/*" component={VulnPage} />
            <Route path="/ui/graph/*" component={GraphPage} />
            <Route path="/ui/documents" component={Documents} />
            <Route path="/ui/documents/*" component={Documents} />
            <Route path="/ui/projects" component={Projects} />
            <Route path="/ui/projects/*" component={Projects} />
            <Route path="/ui/findings" component={Findings} />
            <Route default component={NotFound} />
          </Router>
        </ErrorBoundary>
      </Layout>
    </LocationProvider>
  );
}
