import { homeHref } from '../links';

export function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <a href={homeHref()}>Search the graph</a> instead.
      </p>
    </section>
  );
}
