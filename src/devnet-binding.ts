import { Client } from 'pg';
import type { DevnetState } from './config/app-config';

export const EMBEDDED_DATABASE_NAME = 'token_analysis';

/**
 * The embedded database's name. With the embedded devnet it carries the chain's lineage: a rewound or
 * rebuilt chain gets a new lineage and so a fresh database, because what was recorded against the old
 * chain (keys bought with its payments, used tx hashes, holder index, stakes, caches) is not true of
 * the new one. Without a lineage (real chains, or a devnet of unknown origin) the name is the plain one.
 */
export function embeddedDatabaseName(lineage?: string): string {
  if (lineage === undefined) return EMBEDDED_DATABASE_NAME;
  if (!/^[0-9a-f]{8}$/.test(lineage))
    throw new Error(`devnet lineage must be 8 hex digits, got ${JSON.stringify(lineage)}`);
  return `${EMBEDDED_DATABASE_NAME}_${lineage}`;
}

/**
 * Records the chain lineage in the database on first use and compares it afterwards. A mismatch (a
 * database given by DATABASE_URL outliving a rewound devnet) is reported, not fixed: the database is the
 * user's, and only they can decide to drop it or point the service at a fresh one.
 */
export async function bindDevnetLineage(databaseUrl: string, lineage: string): Promise<DevnetState> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('INSERT INTO devnet_lineage (id, lineage) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
      lineage,
    ]);
    const { rows } = await client.query<{ lineage: string }>('SELECT lineage FROM devnet_lineage WHERE id = 1');
    const recorded = rows[0].lineage;
    if (recorded === lineage) return { lineage, consistent: true };
    return {
      lineage,
      consistent: false,
      reason:
        `the database holds records made against devnet chain lineage ${recorded}, but the chain is now lineage ${lineage} ` +
        '(it was rewound or rebuilt): payments, keys, holder index and caches may name transactions the chain no longer has; ' +
        'use a fresh database (or unset DATABASE_URL: the embedded one is named by lineage)',
    };
  } finally {
    await client.end();
  }
}
