import { JsonLines } from '../../src/interface/cli/commands/orders.command';
import { runOperatorsCommand } from '../../src/interface/cli/commands/operators.command';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** `operators …` of the command line (decisions.md, Admin dashboard), on a real database. */
describe('operators command line', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('operators_cli');
  });
  afterAll(async () => {
    await db?.drop();
  });
  const hashOf = async (email: string) =>
    (
      await db.dataSource.query<{ password_hash: string }[]>(
        `SELECT password_hash FROM operators WHERE email = $1`,
        [email],
      )
    )[0].password_hash;

  it('adds an operator with the password given on standard input, stored as argon2id (OWASP parameters)', async () => {
    const r = (await runOperatorsCommand(
      ['add', ' Ops@Example.com '],
      db.dataSource,
      async () => 'a long enough password',
    )) as Record<string, unknown>;
    expect(r).toMatchObject({ email: 'ops@example.com', disabled_at: null });
    expect(r).not.toHaveProperty('password');
    const hash = await hashOf('ops@example.com');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(hash).not.toContain('a long enough password');
  });

  it('generates a password and prints it once when none is given', async () => {
    const r = (await runOperatorsCommand(
      ['add', 'gen@example.com'],
      db.dataSource,
      async () => undefined,
    )) as {
      password: string;
    };
    expect(r.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const list = (await runOperatorsCommand(['list'], db.dataSource)) as JsonLines;
    expect(list.lines.map((l) => (l as { email: string }).email)).toEqual([
      'gen@example.com',
      'ops@example.com',
    ]);
    expect(JSON.stringify(list.lines)).not.toContain(r.password);
  });

  it('refuses short passwords, bad addresses and duplicates with clear messages', async () => {
    await expect(
      runOperatorsCommand(['add', 'short@example.com'], db.dataSource, async () => 'too short'),
    ).rejects.toThrow(/at least 12 characters/);
    await expect(
      runOperatorsCommand(['add', 'not-an-address'], db.dataSource, async () => 'x'.repeat(12)),
    ).rejects.toThrow(/not an e-mail address/);
    await expect(
      runOperatorsCommand(['add', 'ops@example.com'], db.dataSource, async () => 'x'.repeat(12)),
    ).rejects.toThrow(/exists already/);
    await expect(runOperatorsCommand(['remove', 'x'], db.dataSource)).rejects.toThrow(/usage/);
  });

  it('sets a new password and disables an operator (audited)', async () => {
    const before = await hashOf('ops@example.com');
    await runOperatorsCommand(
      ['password', 'ops@example.com'],
      db.dataSource,
      async () => 'another long password',
    );
    expect(await hashOf('ops@example.com')).not.toBe(before);
    const d = (await runOperatorsCommand(['disable', 'ops@example.com'], db.dataSource)) as {
      disabled_at: string;
    };
    expect(d.disabled_at).toMatch(/^\d{4}-/);
    await expect(
      runOperatorsCommand(['disable', 'nobody@example.com'], db.dataSource),
    ).rejects.toThrow(/no operator/);
    const actions = await db.dataSource.query<{ action: string }[]>(
      `SELECT action FROM audit_log ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'operator_added',
      'operator_added',
      'operator_password_set',
      'operator_disabled',
    ]);
  });
});
