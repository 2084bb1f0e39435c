// A minimal Language Server Protocol client over stdio, as an editor speaks it: Content-Length framed
// JSON-RPC. Used to drive the real yaml-language-server in the editor-support test.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

interface Message {
  jsonrpc: '2.0';
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity?: number;
}

export class LspClient {
  private readonly proc: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly diagnostics = new Map<string, { version?: number; items: Diagnostic[] }>();
  private readonly diagnosticWaiters: (() => void)[] = [];
  /** Answers to the server's own requests (workspace/configuration and the like), by method. */
  private readonly handlers = new Map<string, (params: unknown) => unknown>();
  stderr = '';

  constructor(command: string, args: string[], cwd: string) {
    this.proc = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.proc.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.proc.on('exit', () => {
      for (const p of this.pending.values()) p.reject(new Error(`language server exited\n${this.stderr}`));
      this.pending.clear();
    });
  }

  onRequest(method: string, handler: (params: unknown) => unknown): void {
    this.handlers.set(method, handler);
  }

  request<T = unknown>(method: string, params: unknown, timeoutMs = 20_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer in ${timeoutMs} ms\n${this.stderr}`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** The diagnostics published for a document, waiting for them to arrive (and for `version`, if given). */
  async diagnosticsFor(uri: string, version?: number, timeoutMs = 20_000): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = this.diagnostics.get(uri);
      if (got && (version === undefined || got.version === undefined || got.version >= version)) return got.items;
      if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} in ${timeoutMs} ms\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.diagnosticWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** shutdown, exit, and kill the process if it does not leave by itself. */
  async close(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.proc.once('exit', () => resolve()));
    try {
      await this.request('shutdown', null, 5_000);
      this.notify('exit', null);
    } catch {
      // Already gone or stuck: the kill below ends it.
    }
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.proc.stdin.write(body);
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body) as Message);
    }
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined && message.method) {
      // A request from the server: answer it, with null for what an editor would not know either.
      const handler = this.handlers.get(message.method);
      let result: unknown = null;
      if (handler) result = handler(message.params);
      else if (message.method === 'workspace/configuration') result = ((message.params as { items: unknown[] }).items ?? []).map(() => null);
      this.send({ jsonrpc: '2.0', id: message.id, result });
      return;
    }
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!pending) return;
      if (message.error) pending.reject(new Error(`${message.error.message}\n${this.stderr}`));
      else pending.resolve(message.result);
      return;
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      const params = message.params as { uri: string; version?: number; diagnostics: Diagnostic[] };
      this.diagnostics.set(params.uri, { version: params.version, items: params.diagnostics });
      for (const wake of this.diagnosticWaiters.splice(0)) wake();
    }
  }
}
