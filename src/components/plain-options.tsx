/** The options of a select whose values are shown as they are: names of projects, tables, columns; counts. */
export function PlainOptions({ values }: { values: readonly (string | number)[] }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}
