import pg from 'pg'

/** The PostgreSQL server the suites share (scripts/test.mjs, docs/testing.md). */
export const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** The same server, another database. */
function databaseUrl(name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await admin(async () => undefined)
    return true
  } catch {
    return false
  }
}

const runTag = `${process.pid.toString(36)}${Date.now().toString(36)}`

/** A new, empty database for the run's template (the server migrates and seeds it). */
export async function templateDatabaseUrl(): Promise<string> {
  const name = `e2e_${runTag}_template`
  await admin((c) => c.query(`CREATE DATABASE "${name}"`))
  return databaseUrl(name)
}

let copies = 0

/** A file's own database: a copy of the run's template, made by the server in tens of milliseconds. */
export async function cloneDatabase(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1)
  const name = `${template.replace(/_template$/, '')}_${process.pid.toString(36)}_${++copies}`
  // Two workers may clone at once; PostgreSQL refuses a second copy of a template that is being copied.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`))
      return databaseUrl(name)
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code !== '55006' || attempt > 50) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
}
