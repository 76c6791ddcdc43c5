// npm leaves a platform-specific optional package out of package-lock.json when the registry this
// machine reaches does not serve it (e.g. some macOS builds of native engines), and `npm ci` then refuses
// the lock file as "out of sync". This adds a stub entry, marked optional and tied to its platform, for each
// such package, so that `npm ci` skips it on other platforms. Run after `npm install` changes the lock file.
import fs from 'node:fs';

const PLATFORMS = {
  darwin: 'darwin',
  linux: 'linux',
  win32: 'win32',
  windows: 'win32',
  freebsd: 'freebsd',
  android: 'android',
  aix: 'aix',
  openbsd: 'openbsd',
  netbsd: 'netbsd',
  sunos: 'sunos',
};
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const parts = name.split(/[-/]/);
    const os = parts.map((p) => PLATFORMS[p]).find(Boolean);
    const cpu = parts.find((p) => CPUS.includes(p));
    if (!os || !cpu) continue; // not a platform build: leave it to npm
    lock.packages[key] = { version: range.replace(/^[\^~=]/, ''), optional: true, os: [os], cpu: [cpu] };
    added++;
  }
}
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lockfile: added ${added} platform stub entr${added === 1 ? 'y' : 'ies'}`);
