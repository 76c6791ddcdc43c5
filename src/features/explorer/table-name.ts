/** A table name proposed from a file name: `Sales Q3 (final).csv` -> `sales_q3_final`. */
export function tableNameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').toLowerCase();
  const cleaned = base.replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  const name = /^[a-z_]/.test(cleaned) ? cleaned : `t_${cleaned}`;
  return name.slice(0, 63) || 'upload';
}
