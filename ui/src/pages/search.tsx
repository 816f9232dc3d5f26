// Skeleton: replaced by the page's own work.
export function Search() {
  return (
    <section>
      <h1>Search</h1>
    </section>
  );
}
