// A list of links to the pages of purls, digests or documents, one per line; `none` when empty.
export function LinkList({
  items,
  href,
  className,
  none,
}: {
  items: readonly string[];
  href: (item: string) => string;
  /** The text style: `purl` or `digest` (both wrap anywhere). */
  className: 'purl' | 'digest';
  none?: string;
}) {
  if (items.length === 0) return none === undefined ? null : <span class="muted">{none}</span>;
  return (
    <ul class="plain">
      {items.map((item) => (
        <li key={item}>
          <a class={className} href={href(item)}>
            {item}
          </a>
        </li>
      ))}
    </ul>
  );
}
