/** Prints rows as columns aligned on the widest cell, two spaces apart (the first row is the heading). */
export function printColumns(rows: readonly (readonly string[])[]): void {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}
