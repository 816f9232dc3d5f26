// /ui/projects: the portfolio; /ui/projects/{name}: one project (names hold slashes: the rest of
// the path, percent-encoded or pasted as it is).
import { useLocation } from 'preact-iso';
import { tailOf } from '../links';
import { ProjectPage } from './projects/detail';
import { Portfolio } from './projects/list';

export function Projects() {
  const name = tailOf(useLocation().path, '/ui/projects/');
  return name === '' ? <Portfolio /> : <ProjectPage name={name} />;
}
