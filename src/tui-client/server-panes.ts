/**
 * The TUI's panes as a client of the hmux server: new sessions are `create`d there (through
 * the server's launcher, which is `hmux session`'s own preparation), each pane is a
 * ServerSessionPort, and the pane list follows the server's `table` lines — a session another
 * client opened gets a pane, one another client killed loses its pane.
 */
import { resolve as resolvePath } from "node:path";
import type { HarnessRegistry } from "../adapters/registry.js";
import type { HarnessName } from "../core/harness-names.js";
import type { CreateOptions, SessionSummary, TableChange } from "../protocol/index.js";
import type { ServerClient } from "../server/client.js";
import { supportOf } from "../ui/handle-session-port.js";
import type { NewSessionRequest, SessionLauncher, Validation } from "../ui/session-launcher.js";
import type { InputSupport, SessionInfo, SessionPort } from "../ui/session-port.js";
import type { AppStore } from "../ui/store/app-store.js";
import type { WorkspacePorts } from "../workspace/lease.js";
import type { ServerNativeRequest } from "./server-native-port.js";
import { type ServerLink, ServerSessionPort } from "./server-session-port.js";
import { workspaceChanges } from "./workspace-changes.js";

const NO_SUPPORT: InputSupport = { steer: false, inject: false, abstain: false, replace: false };

export interface ServerPaneDefaults {
  readonly isolate?: boolean;
  readonly defaultEndpoint?: string;
  readonly defaultModel?: string;
  readonly escalateQuestions?: boolean;
  readonly decisionBudgetMs?: number;
}

export interface ServerPanesOptions {
  readonly link: ServerLink & Pick<ServerClient, "onTable">;
  readonly registry: HarnessRegistry;
  /** Where a pane's relative cwd starts, and where one opens when none is given (on the server's machine). */
  readonly cwd: string;
  /** Checks a request locally, through the launch pipeline, before the server is asked (the dialog's errors). */
  readonly validate: (request: NewSessionRequest) => Validation;
  readonly defaults?: ServerPaneDefaults;
  /** Events replayed per session on attach; all the server keeps when absent. */
  readonly replay?: number;
  /** Attaches a native (pty) session on the server as a pane; without it such sessions get none. */
  readonly native?: (row: SessionSummary) => Promise<SessionPort>;
  /** Opens a native session on the server and attaches it (createServerNative). */
  readonly createNative?: (request: ServerNativeRequest) => Promise<SessionPort & { readonly sessionId: string }>;
  /**
   * This machine's workspace ports, given only when the server runs here: a session's worktree
   * is then a folder this TUI can read, so its pane offers the changes view.
   */
  readonly workspace?: Pick<WorkspacePorts, "git" | "registry" | "alive">;
  /** The machine the server runs on when not this one: each pane's label starts with it. */
  readonly host?: string;
}

/** What a pane shows of a server session: its row, and what the registry says the harness can take. */
export function serverSessionInfo(row: SessionSummary, registry: HarnessRegistry, host?: string): SessionInfo {
  const session = registry.find(row.harness)?.session;
  const label = host !== undefined ? `${host}:${row.label ?? row.harness}` : row.label;
  return {
    harness: row.harness as HarnessName,
    id: row.id,
    cwd: row.cwd,
    ...(label ? { label } : {}),
    settings: row.settings ?? [],
    support: session?.kind === "process" ? supportOf(session.capabilities) : NO_SUPPORT,
    detachable: true,
    resumable: true,
    ...(row.model ? { model: row.model } : {}),
    ...(row.effort ? { effort: row.effort } : {}),
    ...(row.prompt ? { initialPrompt: row.prompt } : {}),
    ...(row.workspace
      ? { workspace: { name: row.workspace.name, branch: row.workspace.branch, base: row.workspace.base } }
      : {}),
  };
}

export class ServerPanes {
  /** Sessions that have (or are getting) a port in this TUI that still listens; one removed from the server is forgotten. */
  private readonly known = new Set<string>();
  /** Table lines held while this client's own `create` is in flight: its "created" line comes before the reply. */
  private held: Array<{ change: TableChange; row: SessionSummary }> = [];
  private pendingCreates = 0;
  private store: AppStore | null = null;

  constructor(private readonly options: ServerPanesOptions) {}

  /** A port for a session already on the server (attach). */
  portFor(row: SessionSummary): ServerSessionPort {
    this.known.add(row.id);
    const { replay, workspace } = this.options;
    return new ServerSessionPort(
      this.options.link,
      row,
      serverSessionInfo(row, this.options.registry, this.options.host),
      {
        ...(replay !== undefined ? { replay } : {}),
        ...(workspace && row.workspace
          ? { changes: workspaceChanges(workspace, { repo: row.workspace.repo, name: row.workspace.name }) }
          : {}),
      },
    );
  }

  /** What a session this TUI opens on the server is created with, besides its prompt and worktree: the pane defaults. */
  paneOptions(request: Pick<NewSessionRequest, "endpoint" | "model" | "effort"> = {}): CreateOptions {
    const d = this.options.defaults ?? {};
    const endpoint = request.endpoint ?? d.defaultEndpoint;
    const model = request.model ?? d.defaultModel;
    return {
      ...(model ? { model } : {}),
      ...(request.effort ? { effort: request.effort } : {}),
      ...(endpoint ? { endpoint } : {}),
      ...(d.isolate ? { isolate: true } : {}),
      ...(d.escalateQuestions !== undefined ? { escalateQuestions: d.escalateQuestions } : {}),
      // Absent, the server's launch plan decides it, as for every other session there.
      ...(d.decisionBudgetMs !== undefined ? { decisionBudgetMs: d.decisionBudgetMs } : {}),
    };
  }

  /** A folder on the server's machine: relative to this TUI's cwd there. */
  serverPath(cwd: string | undefined): string {
    return resolvePath(this.options.cwd, cwd ?? ".");
  }

  /**
   * Runs a request that creates sessions on the server, holding the table lines that arrive
   * meanwhile: the sessions it made get their ports from the caller (portFor), not a second pane.
   */
  async creating<T>(call: () => Promise<T>): Promise<T> {
    this.pendingCreates += 1;
    try {
      return await call();
    } finally {
      this.pendingCreates -= 1;
      if (this.pendingCreates === 0) this.release();
    }
  }

  /** Creates the session on the server (the server sends the first prompt) and returns its port. */
  create(request: NewSessionRequest): Promise<ServerSessionPort> {
    const options: CreateOptions = {
      ...this.paneOptions(request),
      ...(request.prompt ? { prompt: request.prompt } : {}),
      ...(request.worktree !== undefined ? { worktree: request.worktree } : {}),
    };
    return this.creating(async () => {
      const reply = await this.options.link.request({
        op: "create",
        harness: request.harness,
        cwd: this.serverPath(request.cwd),
        options,
      });
      return this.portFor(reply.session);
    });
  }

  /**
   * A new native pane on the server (cwd relative to this TUI's). Its own `created` table line
   * is held until the port is known, so the pane list does not attach it a second time.
   */
  async createNative(request: ServerNativeRequest): Promise<SessionPort> {
    const create = this.options.createNative;
    if (!create) throw new Error("this TUI cannot open native panes on the server");
    return this.creating(async () => {
      const port = await create({ ...request, cwd: this.serverPath(request.cwd) });
      this.known.add(port.sessionId);
      return port;
    });
  }

  /** The dialog's launcher: checked locally, created on the server. */
  launcher(defaultHarness?: string, harnesses?: readonly string[]): SessionLauncher {
    const endpoint = this.options.defaults?.defaultEndpoint;
    return {
      ...(defaultHarness ? { defaultHarness } : {}),
      ...(harnesses ? { harnesses } : {}),
      ...(endpoint !== undefined ? { defaultEndpoint: endpoint } : {}),
      defaultCwd: this.options.cwd,
      validate: (request) => this.options.validate(request),
      launch: (request) => this.create(request),
    };
  }

  /** Follows the server's table into this store; returns the unsubscribe. */
  follow(store: AppStore): () => void {
    this.store = store;
    // The connection checked each table line against the protocol's row schema.
    return this.options.link.onTable((change, row) => {
      if (this.pendingCreates > 0) this.held.push({ change, row });
      else this.apply(change, row);
    });
  }

  private release(): void {
    const held = this.held;
    this.held = [];
    for (const { change, row } of held) this.apply(change, row);
  }

  private apply(change: TableChange, row: SessionSummary): void {
    const store = this.store;
    if (!store) return;
    if (change === "created" && !this.known.has(row.id)) {
      if (!row.native) {
        store.addSession(this.portFor(row));
        return;
      }
      const attach = this.options.native;
      if (!attach) return;
      this.known.add(row.id);
      attach(row).then(
        (port) => store.addSession(port),
        () => this.known.delete(row.id),
      );
      return;
    }
    if (change !== "removed") return;
    let listening = false;
    for (const [key, port] of store.ports) {
      const on = port as Partial<Pick<ServerSessionPort, "sessionId" | "killedHere">>;
      if (on.sessionId !== row.id) continue;
      // A pane halted here stays listening: its resume key reopens the session into this same port.
      if (on.killedHere) {
        listening = true;
        continue;
      }
      store.dispatch({ kind: "session-gone", key, why: "was killed by another client" });
      void port.close();
    }
    // Gone from the server and from every pane here: a later resume of it (hmux resume, another
    // client's resume key) comes back as a new row, and gets a new pane.
    if (!listening) this.known.delete(row.id);
  }
}
