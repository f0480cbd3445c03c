/**
 * The TUI's panes as a client of the hmux server: new sessions are `create`d there (through
 * the server's launcher, which is `hmux session`'s own preparation), each pane is a
 * ServerSessionPort, and the pane list follows the server's `table` lines — a session another
 * client opened gets a pane, one another client killed loses its pane.
 */

import { resolve as resolvePath } from "node:path";
import type { HarnessName } from "../core/harness-names.js";
import { HmuxError } from "../core/hmux-error.js";
import type { UsageTotals } from "../core/usage/totals.js";
import type { CreateOptions, SessionSummary, TableChange } from "../protocol/index.js";
import type { ServerClient } from "../server/client.js";
import type { HarnessChoices, NewSessionRequest, PlanVerdict, SessionLauncher } from "../ui/session-launcher.js";
import type { InputSupport, SessionInfo, SessionPort } from "../ui/session-port.js";
import type { AppStore } from "../ui/store/app-store.js";
import type { WorkspacePorts } from "../workspace/lease.js";
import { NativeLaunchError, nativeChoices, nativeKindOf } from "./native-request.js";
import type { ServerNativeRequest } from "./server-native-port.js";
import { type ServerLink, ServerSessionPort } from "./server-session-port.js";
import { workspaceChanges } from "./workspace-changes.js";

const NO_SUPPORT: InputSupport = { steer: false, inject: false, abstain: false, replace: false, denyReason: false };

export interface ServerPaneDefaults {
  readonly isolate?: boolean;
  readonly defaultEndpoint?: string;
  readonly defaultModel?: string;
  readonly escalateQuestions?: boolean;
  readonly decisionBudgetMs?: number;
}

export interface ServerPanesOptions {
  readonly link: ServerLink & Pick<ServerClient, "onTable">;
  /** This machine's clock (epoch ms), which each pane maps the server's event times onto. */
  readonly now: () => number;
  /** Where a pane's relative cwd starts, and where one opens when none is given (on the server's machine). */
  readonly cwd: string;
  /** The native kinds the dialog offers ("shell", "native <kind>"); none when absent. */
  readonly nativeKinds?: readonly string[];
  /** The size a new native pane starts at (it is resized to its tile on mount). */
  readonly nativeSize?: () => { readonly cols: number; readonly rows: number };
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
  /** The server runs inside this TUI's process (local mode): its sessions end with the TUI, so none is detachable. */
  readonly inProcess?: boolean;
  /** The machine the server runs on when not this one: each pane's label starts with it. */
  readonly host?: string;
  /** What this TUI calls itself to the server (`hmux tui on box`): a decision's record names it. */
  readonly client?: string;
}

/** What a pane shows of a server session: its row as the server made it, input support included. */
export function serverSessionInfo(
  row: SessionSummary,
  host?: string,
  detachable = true,
  launchNotes: readonly string[] = [],
): SessionInfo {
  // The server names every session (one place: the session table); every client shows that name,
  // so a pane, the rail and `hmux ls` agree on what `hmux attach <name>` takes.
  const label = host !== undefined ? `${host}:${row.name}` : row.name;
  return {
    harness: row.harness as HarnessName,
    id: row.id,
    cwd: row.cwd,
    label,
    settings: row.settings ?? [],
    // The server's registry decided it (a harness only its config registers included); none said, none offered.
    support: row.support ?? NO_SUPPORT,
    detachable,
    resumable: true,
    ...(row.model ? { model: row.model } : {}),
    ...(row.effort ? { effort: row.effort } : {}),
    ...(row.prompt ? { initialPrompt: row.prompt } : {}),
    ...(launchNotes.length > 0 ? { launchNotes } : {}),
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
  /** The native kinds the server last offered the dialog: what its choices name, ahead of this machine's. */
  private offeredKinds: readonly string[] | null = null;

  constructor(private readonly options: ServerPanesOptions) {}

  /** A port for a session already on the server (attach). */
  /** `notes`: what this client's own create was answered with (setup output), shown in the pane. */
  portFor(row: SessionSummary, notes: readonly string[] = []): ServerSessionPort {
    this.known.add(row.id);
    const { replay, workspace } = this.options;
    return new ServerSessionPort(
      this.options.link,
      row,
      serverSessionInfo(row, this.options.host, this.options.inProcess !== true, notes),
      {
        now: this.options.now,
        ...(replay !== undefined ? { replay } : {}),
        ...(this.options.client !== undefined ? { client: this.options.client } : {}),
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

  /** The dialog's request as the server's create options: the pane defaults, its prompt and worktree. */
  private createOptions(request: NewSessionRequest): CreateOptions {
    return {
      ...this.paneOptions(request),
      ...(request.prompt ? { prompt: request.prompt } : {}),
      ...(request.worktree !== undefined ? { worktree: request.worktree } : {}),
      ...(request.harnessOptions !== undefined ? { harnessOptions: request.harnessOptions } : {}),
    };
  }

  /** Creates the session on the server (the server sends the first prompt) and returns its port. */
  create(request: NewSessionRequest): Promise<ServerSessionPort> {
    return this.creating(async () => {
      const reply = await this.options.link.request({
        op: "create",
        harness: request.harness,
        cwd: this.serverPath(request.cwd),
        options: this.createOptions(request),
      });
      return this.portFor(reply.session, reply.notes);
    });
  }

  /**
   * The server's dry run for a request (a native one too): its refusals, or the settings the
   * session would get. Rejects only when the server could not be asked or answered out of protocol.
   */
  async plan(request: NewSessionRequest): Promise<PlanVerdict> {
    let kind: string | null;
    try {
      kind = nativeKindOf(request.harness, this.nativeKinds());
    } catch (err) {
      // "native <name>" with no such native pane: the dialog's text names nothing the server could plan.
      if (!(err instanceof NativeLaunchError)) throw err;
      return { ok: false, refusals: [{ message: err.message, ...(err.hint ? { hint: err.hint } : {}) }] };
    }
    const body =
      kind === null
        ? { harness: request.harness, options: this.createOptions(request) }
        : {
            harness: kind,
            native: true,
            options: {
              ...(request.endpoint ? { endpoint: request.endpoint } : {}),
              ...(request.model ? { model: request.model } : {}),
              ...(request.prompt ? { prompt: request.prompt } : {}),
            },
          };
    const reply = await this.options.link.request({ op: "plan", cwd: this.serverPath(request.cwd), ...body });
    return reply.plan;
  }

  /**
   * A new native pane on the server (cwd relative to this TUI's). Its own `created` table line
   * is held until the port is known, so the pane list does not attach it a second time.
   */
  async createNative(request: ServerNativeRequest): Promise<SessionPort> {
    const create = this.options.createNative;
    if (!create) throw new HmuxError("not-supported", "this TUI cannot open native panes on the server");
    return this.creating(async () => {
      const port = await create({ ...request, cwd: this.serverPath(request.cwd) });
      this.known.add(port.sessionId);
      return port;
    });
  }

  /** The native kinds a dialog's text may name: the server's, once it offered them. */
  private nativeKinds(): readonly string[] {
    return this.offeredKinds ?? this.options.nativeKinds ?? [];
  }

  /**
   * The dialog's harness list, as the server's registry at this TUI's folder there says: its
   * session harnesses, then its native panes when this TUI can open them ("shell", "native <kind>").
   */
  async offer(): Promise<HarnessChoices> {
    const reply = await this.options.link.request({ op: "harnesses", cwd: this.serverPath(undefined) });
    const kinds = reply.harnesses.filter((h) => h.kind === "native").map((h) => h.name);
    this.offeredKinds = kinds;
    const sessions = reply.harnesses.filter((h) => h.kind === "session").map((h) => h.name);
    return {
      harnesses: [...sessions, ...(this.options.createNative && kinds.length > 0 ? nativeChoices(kinds) : [])],
      ...(reply.first !== undefined ? { defaultHarness: reply.first } : {}),
    };
  }

  /**
   * The dialog's launcher: its list offered, and each session planned and created, on the server,
   * native panes too. A fixed list (`harnesses`) stands for the server's when given.
   */
  launcher(defaultHarness?: string, harnesses?: readonly string[]): SessionLauncher {
    const endpoint = this.options.defaults?.defaultEndpoint;
    const kinds = this.options.nativeKinds ?? [];
    const fixed =
      harnesses !== undefined
        ? {
            ...(defaultHarness ? { defaultHarness } : {}),
            harnesses: [...harnesses, ...(this.options.createNative && kinds.length > 0 ? nativeChoices(kinds) : [])],
          }
        : { offer: () => this.offer() };
    return {
      ...fixed,
      ...(endpoint !== undefined ? { defaultEndpoint: endpoint } : {}),
      defaultCwd: this.options.cwd,
      plan: (request) => this.plan(request),
      launch: (request) => this.launch(request),
    };
  }

  private async launch(request: NewSessionRequest): Promise<SessionPort> {
    const kind = nativeKindOf(request.harness, this.nativeKinds());
    if (kind === null) return this.create(request);
    const size = this.options.nativeSize?.() ?? { cols: 80, rows: 24 };
    return this.createNative({
      kind,
      cwd: request.cwd ?? ".",
      cols: size.cols,
      rows: size.rows,
      ...(request.endpoint ? { endpoint: request.endpoint } : {}),
      ...(request.model ? { model: request.model } : {}),
    });
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

  /** The pane showing session `id` takes the usage its row says (the server priced it). */
  private usageOf(store: AppStore, id: string, usage: UsageTotals): void {
    for (const [key, port] of store.ports) {
      const on = port as Partial<Pick<ServerSessionPort, "sessionId">>;
      if (on.sessionId === id) store.dispatch({ kind: "session-usage", key, usage });
    }
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
    if (change === "updated") {
      if (row.usage) this.usageOf(store, row.id, row.usage);
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
