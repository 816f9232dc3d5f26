// Skeleton: replaced by the page's own work.
export function PackagePage() {
  return (
    <section>
      <h1>PackagePage</h1>
    </section>
  );
}
