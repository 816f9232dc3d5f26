// Skeleton: replaced by the page's own work.
export function ArtifactPage() {
  return (
    <section>
      <h1>ArtifactPage</h1>
    </section>
  );
}
