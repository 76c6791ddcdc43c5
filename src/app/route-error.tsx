import { Link, useRouteError } from 'react-router';

/** Shown for unknown paths and for errors thrown while rendering a page. */
export function RouteError({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError() as Error | undefined;
  return (
    <div className="page">
      <h1>{notFound ? 'Page not found' : 'Something went wrong on this page'}</h1>
      {!notFound && error?.message && (
        <pre className="error-box" role="alert">
          {error.message}
        </pre>
      )}
      <Link to="/">Back to the worksheet</Link>
    </div>
  );
}
