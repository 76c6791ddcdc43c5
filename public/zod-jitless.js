/*
 * zod compiles its object parsers with `new Function` once a probe has found that it may. The console runs under
 * a Content-Security-Policy without 'unsafe-eval', and the browser reports that probe as a policy violation (in
 * its console and to audits) even though zod catches the refusal. Interpreted parsing is all the console needs
 * for API answers, so zod is told `jitless` before it builds a single schema.
 *
 * zod reads its settings from this global when it loads (`z.config` writes the same object) and builds each
 * schema as the module declaring it loads, which the bundle does before any code of ours could call `z.config`.
 * So this plain script runs first: index.html loads it before the module scripts, which wait for it.
 */
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
