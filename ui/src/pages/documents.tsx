// Skeleton: replaced by the page's own work.
export function Documents() {
  return (
    <section>
      <h1>Documents</h1>
    </section>
  );
}
