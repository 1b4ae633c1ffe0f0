/**
 * Version 3: the deployment's secret (Store.deploymentSecret), one row that
 * the first instance to start fills in and every other reads. The row's key
 * can only be `true`, so there is never a second.
 */
export const DEPLOYMENT_SECRET_SQL = `
CREATE TABLE deployment_secret (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  secret bytea NOT NULL CHECK (octet_length(secret) = 32)
);
`;
