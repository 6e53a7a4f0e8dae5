import { expect } from 'chai';
import { createLogger } from '../../server/src/logging/logger.js';
import { MemoryLog } from '../helpers/memory-log.js';

describe('logging', () => {
  it('writes JSON lines with level, message and timestamp', () => {
    const log = new MemoryLog();
    createLogger({ level: 'info', stream: log }).info('hello', { n: 1 });
    expect(log.lines[0]).to.include({ level: 'info', message: 'hello', n: 1 });
    expect(log.lines[0]!.timestamp).to.be.a('string');
  });

  it('never writes credentials, however deeply nested', () => {
    const log = new MemoryLog();
    createLogger({ level: 'info', stream: log }).warn('login', {
      password: 'hunter2',
      request: { headers: { authorization: 'Bearer verso_abc_def', cookie: 'verso.admin.auth=xyz' } },
      user: { passwordHash: '$argon2id$v=19$abc', apiToken: 'tok' },
      items: [{ secret: 's3cr3t' }],
    });
    const text = log.text();
    for (const secret of ['hunter2', 'verso_abc_def', 'xyz', '$argon2id', 'tok"', 's3cr3t']) expect(text).not.to.include(secret);
    expect(text).to.include('[redacted]');
  });

  it('respects the level', () => {
    const log = new MemoryLog();
    createLogger({ level: 'warn', stream: log }).info('quiet');
    expect(log.lines).to.deep.equal([]);
  });
});
