/**
 * Everything a store keeps, as text, for tests that check a value is nowhere
 * in it: every file in the file store's folder (document, journal, secret,
 * backups beside it), or every row of every table of the PostgreSQL database.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export async function fileStoreText(dbFile: string): Promise<string> {
  const dir = path.dirname(dbFile);
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = names.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return (await Promise.all(files.map((file) => readFile(file, 'latin1')))).join('\n');
}

export async function databaseText(url: string): Promise<string> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const texts: string[] = [];
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
      texts.push(...rows.map((row) => row.row));
    }
    return texts.join('\n');
  } finally {
    await client.end();
  }
}
