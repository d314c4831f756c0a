import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers.ts'
import type { Db } from './client.ts'
import {
  isDataException,
  isDatabaseDown,
  isForeignKeyViolation,
  isRetryable,
  isUniqueViolation,
  pgErrorCode,
} from './errors.ts'

// The errors come from the real database (PGlite, or PostgreSQL with DATABASE_URL) through Drizzle's wrappers.
describe('reading database errors', () => {
  let db: Db
  let drop: () => Promise<void>
  beforeAll(async () => {
    const opened = await openTestDatabase()
    db = opened.database.db
    drop = opened.drop
    await db.execute(
      sql`create table err_parent (id int primary key, name text constraint err_parent_name_unique unique)`,
    )
    await db.execute(
      sql`create table err_child (id int primary key, parent_id int references err_parent (id), amount numeric(4, 2))`,
    )
    await db.execute(sql`insert into err_parent values (1, 'dates')`)
  })
  afterAll(() => drop())

  const failure = async (statement: ReturnType<typeof sql>) => {
    try {
      await db.execute(statement)
    } catch (error) {
      return error
    }
    throw new Error('the statement succeeded')
  }

  it('names a unique violation, and which index refused the row', async () => {
    const error = await failure(sql`insert into err_parent values (2, 'dates')`)
    expect(pgErrorCode(error)).toBe('23505')
    expect(isUniqueViolation(error)).toBe(true)
    expect(isUniqueViolation(error, 'err_parent_name_unique')).toBe(true)
    expect(isUniqueViolation(error, 'err_parent_pkey')).toBe(false)
    expect(isForeignKeyViolation(error)).toBe(false)
  })

  it('names a foreign key violation', async () => {
    const error = await failure(sql`insert into err_child values (1, 99, 1)`)
    expect(isForeignKeyViolation(error)).toBe(true)
    expect(isUniqueViolation(error)).toBe(false)
  })

  it('counts a value the column cannot hold (numeric overflow, NUL byte) as a data exception', async () => {
    expect(isDataException(await failure(sql`insert into err_child values (2, 1, 123456)`))).toBe(true)
    expect(isDataException(await failure(sql`select ${'a\u0000b'}::text`))).toBe(true)
    expect(isDataException(await failure(sql`insert into err_parent values (3, 'dates')`))).toBe(false)
  })

  it('looks through wrappers, and leaves errors that did not come from the database alone', () => {
    const wrapped = new Error('outer', {
      cause: new Error('middle', { cause: Object.assign(new Error('pg'), { code: '40001' }) }),
    })
    expect(isRetryable(wrapped)).toBe(true)
    expect(pgErrorCode(new Error('plain'))).toBeUndefined()
    expect(isUniqueViolation(Object.assign(new Error('not sql'), { code: 'ERR_X' }))).toBe(false)
    expect(
      isDatabaseDown(
        new Error('query failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
      ),
    ).toBe(true)
    expect(isDatabaseDown(new Error('PGlite is closed'))).toBe(true)
    expect(isDatabaseDown(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false)
  })
})
