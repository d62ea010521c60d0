// Creates or drops a throw-away database on the PostgreSQL server of a URL.
//   node scripts/pg-database.mjs create <server url> <name>   prints the new database's URL
//   node scripts/pg-database.mjs drop   <server url> <name>
import pg from 'pg';

const [action, serverUrl, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !serverUrl || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: pg-database.mjs create|drop <postgres url> <name: lower-case letters, digits, _>');
  process.exit(2);
}

const client = new pg.Client({ connectionString: serverUrl });
try {
  await client.connect();
  if (action === 'create') {
    await client.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    console.log(url.toString());
  } else {
    await client.query(`drop database if exists ${name} with (force)`);
  }
} catch (error) {
  console.error(`${action} database ${name}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
