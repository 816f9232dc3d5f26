// Skeleton: replaced by the page's own work.
export function VulnPage() {
  return (
    <section>
      <h1>VulnPage</h1>
    </section>
  );
}
