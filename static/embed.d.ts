// Types of `embed.js`: the functions and the client for applications, and the custom elements.
// See docs/embedding.md.

/** Options every widget takes; an element takes them as kebab-case attributes (`base-url`). */
export interface CommonOptions {
  baseUrl?: string;
  token?: string | (() => string | Promise<string>);
  language?: "en" | "ru";
  timezone?: string;
  theme?: "auto" | "system" | "light" | "dark";
}

export interface ChannelCardOptions extends CommonOptions {
  channel: string | number;
  variant?: "full" | "compact";
}
export interface SubscriberChartOptions extends CommonOptions {
  channel: string | number;
  group?: "hour" | "day" | "week" | "month";
  days?: number;
  controls?: boolean;
}
export interface PostStatsOptions extends CommonOptions {
  post: string | number;
  group?: "day" | "hour";
}
export interface PostSearchOptions extends CommonOptions {
  query: string;
  limit?: number;
  peerType?: "channel" | "chat" | "all";
  hideForwards?: boolean;
  hideDeleted?: boolean;
  strongSearch?: boolean;
  minusWords?: string;
  extendedSyntax?: boolean;
  country?: string;
  category?: string;
  contentLanguage?: string;
}
export interface MultiPostStatsOptions extends CommonOptions {
  channel: string | number;
  posts: Array<string | number> | string;
}

/** A mounted widget. */
export class Widget {
  private constructor();
  /** Changes some options (the others stay); a bad option throws a TypeError and changes nothing. */
  update(options: object): void;
  /** Removes the widget and aborts its requests; calling it again does nothing. */
  unmount(): void;
  free(): void;
}

export type Target = Element | string;
export function mountChannelCard(element: Target, options: ChannelCardOptions): Widget;
export function mountSubscriberChart(element: Target, options: SubscriberChartOptions): Widget;
export function mountPostStats(element: Target, options: PostStatsOptions): Widget;
export function mountPostSearch(element: Target, options: PostSearchOptions): Widget;
export function mountMultiPostStats(element: Target, options: MultiPostStatsOptions): Widget;

/** What a failed call of the client rejects with (`name` is "ChanscopeError"). */
export interface ChanscopeError extends Error {
  kind:
    | "invalid" | "auth" | "plan" | "quota" | "flood_control" | "outdated_statistics"
    | "invalid_parameter" | "wrong_method" | "api" | "pending" | "upstream" | "http"
    | "too_many_requests" | "network" | "timeout" | "aborted" | "incomplete" | "decode";
  code?: string;
  status?: number;
  retryAfter?: number;
  problems?: Array<{ param: string; message: string }>;
}

/** One method per operation; parameters and results have the API's names. */
export class Client {
  constructor(options?: { baseUrl?: string; token?: CommonOptions["token"] });
  keywordMentions(params: Record<string, unknown>): Promise<any>;
  channelSearch(params: Record<string, unknown>): Promise<any>;
  subscriberDynamics(params: Record<string, unknown>): Promise<any>;
  channelInfo(params: Record<string, unknown>): Promise<any>;
  multiPostStats(params: Record<string, unknown>): Promise<any>;
  multiStoryStats(params: Record<string, unknown>): Promise<any>;
  postStats(params: Record<string, unknown>): Promise<any>;
  postSearch(params: Record<string, unknown>): Promise<any>;
  free(): void;
}

export type WidgetName =
  | "channel-card" | "subscriber-chart" | "post-stats" | "post-search" | "multi-post-stats";

/** `chanscope-load`: the widget shows data. */
export interface ChanscopeLoadDetail {
  widget: WidgetName;
  /** The options the widget was given, from its attributes (camelCase). */
  options: Record<string, string | boolean>;
  /** The heading shown: the channel's title on a card, "Subscribers · …" on a chart. */
  title: string;
  /** The service returned nothing to show ("No posts found."). */
  empty: boolean;
}

/** `chanscope-error`: the widget shows a failure instead. */
export interface ChanscopeErrorDetail {
  widget: WidgetName;
  options: Record<string, string | boolean>;
  /** A `ChanscopeError` kind, or "options" (a bad attribute) or "load" (the module or its wasm
   * did not load). */
  code: ChanscopeError["kind"] | "options" | "load";
  /** The text the widget shows; for "load", the browser's reason. */
  message: string;
}

/** One of the `chanscope-*` elements. Its two events need no overloads here: they are added to
 * `GlobalEventHandlersEventMap` below, which the `addEventListener` of every element and of
 * `document` reads, so `el.addEventListener("chanscope-load", (e) => e.detail.title)` is typed. */
export interface ChanscopeElement extends HTMLElement {}

declare global {
  interface HTMLElementTagNameMap {
    "chanscope-channel-card": ChanscopeElement;
    "chanscope-subscriber-chart": ChanscopeElement;
    "chanscope-post-stats": ChanscopeElement;
    "chanscope-post-search": ChanscopeElement;
    "chanscope-multi-post-stats": ChanscopeElement;
  }
  // The events bubble and are composed: a listener on `document` gets them too.
  interface GlobalEventHandlersEventMap {
    "chanscope-load": CustomEvent<ChanscopeLoadDetail>;
    "chanscope-error": CustomEvent<ChanscopeErrorDetail>;
  }
}
