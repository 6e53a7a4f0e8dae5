import { expect } from 'chai';
import { createLogger, describeError } from '../../server/src/logging/logger.js';
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

  describe('errors', () => {
    // What a refused TCP connect looks like when Node raises it.
    function refused(): Error {
      return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: '127.0.0.1', port: 1 });
    }

    it('writes an Error held in a property with its name, message, code, cause chain and stack', () => {
      const log = new MemoryLog();
      const err = Object.assign(new Error('the database is unreachable', { cause: refused() }), { code: 'VERSO_DB_DOWN' });
      createLogger({ level: 'info', stream: log }).error('start-up failed', { err });
      const written = log.lines[0]!.err as Record<string, any>;
      expect(written).to.include({ name: 'Error', message: 'the database is unreachable', code: 'VERSO_DB_DOWN' });
      expect(written.stack).to.match(/^Error: the database is unreachable\n\s+at /);
      expect(written.cause).to.include({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:1', code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: '127.0.0.1', port: 1 });
      expect(written.cause.stack).to.be.a('string');
    });

    it('finds Errors at any depth, in arrays and in AggregateErrors, and keeps other fields of the line', () => {
      const log = new MemoryLog();
      const aggregate = new AggregateError([refused(), new TypeError('bad')], '');
      createLogger({ level: 'info', stream: log }).warn('retrying', { attempt: 2, job: { failures: [{ at: 'x', error: aggregate }] } });
      const line = log.lines[0]! as Record<string, any>;
      expect(line.attempt).to.equal(2);
      const written = line.job.failures[0].error;
      expect(written).to.include({ name: 'AggregateError', message: '' });
      expect(written.errors.map((e: { name: string; message: string }) => [e.name, e.message])).to.deep.equal([
        ['Error', 'connect ECONNREFUSED 127.0.0.1:1'],
        ['TypeError', 'bad'],
      ]);
      expect(written.errors[0].code).to.equal('ECONNREFUSED');
    });

    it('writes an error\'s own primitive details but never its secrets, sockets or requests', () => {
      const log = new MemoryLog();
      const err = Object.assign(new Error('duplicate key value violates unique constraint'), {
        code: '23505',
        detail: 'Key (email)=(a@b.c) already exists.',
        constraint: 'users_email_key',
        password: 'hunter2',
        request: { headers: { 'x-trace': 'kept out' } },
      });
      const wrapped = new Error('create user failed', { cause: Object.assign(new Error('auth'), { authorization: 'Bearer verso_abc_def' }) });
      createLogger({ level: 'info', stream: log }).error('failed', { err, wrapped });
      const line = log.lines[0]! as Record<string, any>;
      expect(line.err).to.include({ code: '23505', detail: 'Key (email)=(a@b.c) already exists.', constraint: 'users_email_key', password: '[redacted]' });
      expect(line.err).not.to.have.property('request');
      expect(line.wrapped.cause.authorization).to.equal('[redacted]');
      for (const secret of ['hunter2', 'verso_abc_def', 'kept out']) expect(log.text()).not.to.include(secret);
    });

    it('stops at a cause that points back at the error', () => {
      const log = new MemoryLog();
      const a = new Error('a');
      const b = new Error('b', { cause: a });
      (a as { cause?: unknown }).cause = b;
      createLogger({ level: 'info', stream: log }).error('loop', { err: a });
      expect(log.lines[0]!.err).to.deep.include({ message: 'a' });
      expect((log.lines[0]!.err as any).cause.cause).to.deep.equal({ name: 'Error', message: 'a' });
      expect(describeError(a)).to.equal('a: b');
    });

    it('describes an error in one line: its message, then each cause not already quoted', () => {
      expect(describeError(new Error('the database is unreachable', { cause: refused() }))).to.equal('the database is unreachable: connect ECONNREFUSED 127.0.0.1:1');
      expect(describeError(new Error('embedded PostgreSQL did not start: port taken', { cause: new Error('port taken') }))).to.equal(
        'embedded PostgreSQL did not start: port taken',
      );
      expect(describeError(new AggregateError([refused(), refused()], ''))).to.equal('connect ECONNREFUSED 127.0.0.1:1');
      expect(describeError(Object.assign(new Error(''), { code: 'EPIPE' }))).to.equal('Error EPIPE');
      expect(describeError('a string')).to.equal('a string');
    });
  });

  it('writes dates as ISO 8601 strings', () => {
    const log = new MemoryLog();
    createLogger({ level: 'info', stream: log }).info('at', { when: new Date('2026-01-02T03:04:05.678Z') });
    expect(log.lines[0]!.when).to.equal('2026-01-02T03:04:05.678Z');
  });

  it('respects the level', () => {
    const log = new MemoryLog();
    createLogger({ level: 'warn', stream: log }).info('quiet');
    expect(log.lines).to.deep.equal([]);
  });
});
