/**
 * One room's live message stream: connect to a host of `xlive/web-room/v1/index/getDanmuInfo`, send the auth
 * packet (protover 3: brotli batches), heartbeat every 30 s, and hand every kept command (commands.ts) and the
 * popularity of each heartbeat reply to the owner. Closing is final; the owner opens a new connection.
 */
import WebSocket from 'ws';
import { parseLiveCommand, type LiveMessage } from './commands.js';
import { Op, Ver, decodePackets, encodePacket } from './packet.js';

export const HEARTBEAT_MS = 30_000;

export interface DanmuHost {
  host: string;
  port: number;
  wssPort: number;
  wsPort: number;
}

export interface DanmuInfo {
  token: string;
  hosts: DanmuHost[];
}

export interface StreamHandlers {
  onMessage(message: LiveMessage): void;
  onPopularity?(popularity: number): void;
  onClose?(reason: string): void;
}

/** The socket URL of a host: wss on its wss port, or plain ws when the live API itself is plain http (the simulator). */
export function socketUrl(host: DanmuHost, liveBaseUrl: string): string {
  const plain = liveBaseUrl.startsWith('http://');
  return plain ? `ws://${host.host}:${host.wsPort}/sub` : `wss://${host.host}:${host.wssPort}/sub`;
}

export class LiveStreamConnection {
  private socket: WebSocket | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  /** true once the server accepted the auth packet */
  authed = false;

  constructor(
    readonly roomId: number,
    private readonly handlers: StreamHandlers,
  ) {}

  /** Opens the socket and authenticates; resolves once the auth reply arrived (rejects on failure or 10 s). */
  open(url: string, token: string, headers: Record<string, string> = {}): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
      this.socket = socket;
      const timer = setTimeout(() => {
        reject(new Error(`live stream of room ${this.roomId}: no auth reply`));
        this.close('auth timeout');
      }, 10_000);
      socket.on('open', () => {
        socket.send(
          encodePacket(Op.AUTH, { uid: 0, roomid: this.roomId, protover: 3, platform: 'web', type: 2, key: token }, 1),
        );
      });
      socket.on('message', (data: Buffer) => {
        for (const packet of decodePackets(Buffer.isBuffer(data) ? data : Buffer.from(data))) {
          if (packet.op === Op.AUTH_REPLY) {
            clearTimeout(timer);
            let code = -1;
            try {
              code = Number((JSON.parse(packet.body.toString('utf8')) as { code?: unknown }).code);
            } catch {
              // code stays −1
            }
            if (code !== 0) {
              reject(new Error(`live stream of room ${this.roomId}: auth refused (${code})`));
              this.close('auth refused');
              return;
            }
            this.authed = true;
            this.startHeartbeat();
            resolve();
          } else if (packet.op === Op.HEARTBEAT_REPLY && packet.body.length >= 4) {
            this.handlers.onPopularity?.(packet.body.readUInt32BE(0));
          } else if (packet.op === Op.MESSAGE && packet.ver === Ver.JSON) {
            const message = parseLiveCommand(packet.body.toString('utf8'));
            if (message) this.handlers.onMessage(message);
          }
        }
      });
      socket.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
        this.close(e.message);
      });
      socket.on('close', () => {
        clearTimeout(timer);
        reject(new Error(`live stream of room ${this.roomId}: closed`));
        this.close('closed by the server');
      });
    });
  }

  private startHeartbeat(): void {
    const beat = () => this.socket?.send(encodePacket(Op.HEARTBEAT, '[object Object]', Ver.INT));
    beat();
    this.heartbeat = setInterval(beat, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  close(reason = 'closed'): void {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState !== WebSocket.CLOSED) socket.terminate();
    this.handlers.onClose?.(reason);
  }
}
