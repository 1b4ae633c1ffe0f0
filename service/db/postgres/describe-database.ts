/** The database's host and name, never its password: for sentences about it. Loads no PostgreSQL client. */
export function describeDatabase(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL at ${hostname}${port ? `:${port}` : ''}${pathname}`;
}
