import 'server-only';

type Hook = () => void;

/** The hooks of each open transaction (and savepoint), by its Drizzle object. */
const pending = new WeakMap<object, Hook[]>();

interface Transactional {
  transaction: (work: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
}

/**
 * Runs `hook` once the transaction `tx` has committed, and never when it rolls back: what other
 * instances and open tabs are told about a change must only be said of changes that happened.
 * In a savepoint the hook waits for the outermost commit (a rolled-back savepoint drops it).
 * Given the database itself (no transaction), the change is already committed: it runs now.
 * Hooks run in the order added, right after COMMIT, before the transaction's caller resumes;
 * one that throws is logged and does not stop the others.
 */
export function afterCommit(tx: object, hook: Hook): void {
  const hooks = pending.get(tx);
  if (hooks) hooks.push(hook);
  else runHooks([hook]);
}

function runHooks(hooks: readonly Hook[]): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      console.error('[db] an after-commit hook failed:', error);
    }
  }
}

/** Gives a transaction (or savepoint) its list of hooks, and its savepoints theirs. */
function track(tx: Transactional, hooks: Hook[]): void {
  pending.set(tx, hooks);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = async (work, config) => {
    const inner: Hook[] = [];
    const result = await savepoint((nested: never) => {
      track(nested, inner);
      return work(nested);
    }, config);
    // The savepoint was released: its hooks now wait for the enclosing transaction.
    hooks.push(...inner);
    return result;
  };
}

/**
 * Makes `db.transaction` run the hooks `afterCommit` collects once the transaction commits (the
 * database handles do this when they open, so every transaction has them).
 */
export function runHooksAfterCommit<T extends object>(db: T): T {
  const target = db as unknown as Transactional;
  const begin = target.transaction.bind(target);
  target.transaction = async (work, config) => {
    const hooks: Hook[] = [];
    const result = await begin((tx: never) => {
      track(tx, hooks);
      return work(tx);
    }, config);
    runHooks(hooks);
    return result;
  };
  return db;
}
