// Skeleton: replaced by the graph work.
export function GraphPage() {
  return (
    <section>
      <h1>GraphPage</h1>
    </section>
  );
}
