/**
 * Our Content Security Policy allows no eval (script-src 'self'). Zod probes for it with
 * `new Function('')` when it builds its first object schema, and even a caught probe is a CSP
 * violation report. Jitless mode never probes. This must run before any schema module is
 * evaluated, so main.tsx imports it first; the server keeps Zod's faster JIT.
 *
 * Zod keeps its config on globalThis.__zod_globalConfig (zod/v4/core/core.js, which reads it
 * with `??=` so our value survives). Setting it here rather than calling z.config() keeps Zod
 * out of the entry chunk (10 KiB) that every page downloads. The e2e suite fails on any CSP
 * violation, so a Zod upgrade that moves this is caught.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
