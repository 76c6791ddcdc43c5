/**
 * Assembles server/engines/exact-search/scan-kernel.wat into the .wasm beside it, which the server loads (it runs
 * from source, with no build step for the WebAssembly). Run after editing the .wat; a test checks they agree.
 */
import fs from 'node:fs';
import wabt from 'wabt';

export async function assembleScanKernel() {
  const source = new URL('../server/engines/exact-search/scan-kernel.wat', import.meta.url);
  const module = (await wabt()).parseWat('scan-kernel.wat', fs.readFileSync(source, 'utf8'), {
    simd: true,
    threads: true,
  });
  module.validate({ simd: true, threads: true });
  return Buffer.from(module.toBinary({}).buffer);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = new URL('../server/engines/exact-search/scan-kernel.wasm', import.meta.url);
  fs.writeFileSync(out, await assembleScanKernel());
  console.log(`wrote ${out.pathname}`);
}
