/** MySQL's LIKE: `%` any run, `_` one character, `\` escapes; case-insensitive, as for names. */
export function likeMatcher(pattern: string): (text: string) => boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i]);
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += escapeRegExp(c);
  }
  const re = new RegExp(`^${source}$`, 'is');
  return (text) => re.test(text);
}

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
