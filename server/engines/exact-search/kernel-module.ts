import fs from 'node:fs';

/**
 * The scan kernel's WebAssembly module (scan-kernel.wat, assembled into scan-kernel.wasm), its instances, and the
 * memories a copy's blocks live in (scan-kernel.ts): shared WebAssembly memory for blocks that searches scan,
 * so that the scan thread (scan-worker.ts) scores them in place; an ordinary resizable buffer for blocks being
 * filled.
 */

/** The part of the WebAssembly API used here (the server's TypeScript libraries do not declare it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: { env: { memory: WasmMemory } }) => { exports: unknown };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The SIMD scoring loop, assembled from scan-kernel.wat (compiled once per process, instantiated per table). */
let compiled: object | null = null;

function kernelModule(): object {
  compiled ??= new wasm.Module(fs.readFileSync(new URL('./scan-kernel.wasm', import.meta.url)));
  return compiled;
}

/**
 * The kernel on `memory`: a copy's blocks' own (QuantisedBlocks), or the same memory as the scan thread
 * receives it (scan-worker.ts).
 */
export function kernelOn(memory: unknown): KernelExports {
  return new wasm.Instance(kernelModule(), { env: { memory: memory as WasmMemory } })
    .exports as unknown as KernelExports;
}

/** A memory for a copy's blocks, shared so that another thread can score them (as big as 32 bits address). */
export function sharedMemory(): WasmMemory {
  return new wasm.Memory({ initial: 1, maximum: MOST_BYTES / PAGE, shared: true });
}

export interface KernelExports {
  scoreBlock(
    block: number,
    rows: number,
    pairs: number,
    pairCount: number,
    scales: number,
    queryScale: number,
    floor: number,
    outScores: number,
    outRows: number,
    strip: number,
  ): number;
}

export const PAGE = 65536;
/** What a WebAssembly memory can address (32-bit): no copy's blocks are larger. */
export const MOST_BYTES = 2 ** 32;

/**
 * Memory outside WebAssembly for blocks being filled before they are moved into a copy's own (`adopt`): a
 * WebAssembly memory never shrinks and is given back only once collected (minutes later, with a million rows'
 * blocks in it), while this resizable buffer gives its pages back as soon as it is resized to nothing.
 */
export class StagingMemory implements WasmMemory {
  readonly buffer = new (ArrayBuffer as unknown as ResizableArrayBuffer)(0, { maxByteLength: MOST_BYTES });

  grow(pages: number): number {
    const before = this.buffer.byteLength / PAGE;
    this.buffer.resize(this.buffer.byteLength + pages * PAGE);
    return before;
  }
}

/** ES2024's resizable ArrayBuffer (Node 20 has it; the server's TypeScript libraries stop at ES2023). */
type ResizableArrayBuffer = new (
  bytes: number,
  options: { maxByteLength: number },
) => ArrayBuffer & { resize(bytes: number): void };
