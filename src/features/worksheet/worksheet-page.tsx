// Placeholder until the worksheet lands: replaced by the worksheet feature.
export function WorksheetPage({ project }: { project: string }) {
  return <div className="page">Worksheet of {project}: not available yet.</div>;
}
