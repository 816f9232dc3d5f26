// Skeleton: replaced by the page's own work.
export function Home() {
  return (
    <section>
      <h1>Home</h1>
    </section>
  );
}
