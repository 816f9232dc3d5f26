// Every page's frame: a skip link, the header (home, search, projects, findings, documents, API
// docs, token, theme) and the main landmark the pages render into.
import type { ComponentChildren } from 'preact';
import { documentsHref, findingsHref, homeHref, projectsHref } from '../links';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';
import { TokenField } from './token-field';

export function Layout({ children }: { children: ComponentChildren }) {
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <a class="brand" href={homeHref()}>
          supplygraph
        </a>
        <SearchBox compact />
        <nav aria-label="Site">
          <a href={projectsHref()}>Projects</a>
          <a href={findingsHref()}>Findings</a>
          <a href={documentsHref()}>Documents</a>
          <a href="/docs" target="_self">
            API docs
          </a>
          <TokenField />
          <ThemeToggle />
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
