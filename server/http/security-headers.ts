import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The console's Content-Security-Policy. Scripts come only from our own files (the build emits no inline
 * script), so an injected `<script>` or `onclick=` does not run. Styles allow 'unsafe-inline' because the
 * result grid and the SQL editor set style attributes and insert `<style>` elements at run time (column
 * widths, row positions, the editor theme); without it they would render unstyled. Inline styles cannot run
 * code, so this leaves script injection closed. The console never calls another origin (connect-src).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every answer (CSP, nosniff, referrer and permissions policies, opener isolation), and
 * `Cache-Control: no-store` on API answers so that no browser or proxy cache keeps data or tokens.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // Made once: the headers are the same on every answer (the Fastify plugin builds them again per request, a
  // few per cent of a busy server's time).
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // The console embeds nothing from other origins; COEP would only break a proxied MindsDB's assets.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // Plain http on localhost is the common case: HSTS is for the TLS front that an operator puts before us.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet has no Permissions-Policy: the console needs none of these browser features.
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (/^\/api(\/|$|\?)/i.test(request.url)) reply.header('Cache-Control', 'no-store');
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
