import { useMemo } from 'react';
import { Marked, type Tokens } from 'marked';

/** A link or image address that may be rendered: http(s), a site path or an uploaded data image. */
export function safeUrl(href: string): string | null {
  const url = href.trim();
  if (/^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))) return url;
  if (/^data:image\/(png|jpeg|gif|webp);base64,/i.test(url)) return url;
  return null;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Markdown written by operators in the console (content reports, help answers) rendered with `marked`: raw HTML
 * in the source is shown as text, links and images keep only safe addresses, so a text cannot run script.
 */
const renderer = {
  html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
  link(this: { parser: { parseInline(tokens: Tokens.Link['tokens']): string } }, token: Tokens.Link) {
    const href = safeUrl(token.href);
    const body = this.parser.parseInline(token.tokens);
    if (!href) return body;
    const external = /^https?:/i.test(href);
    return `<a href="${escapeHtml(href)}"${external ? ' target="_blank" rel="noopener noreferrer nofollow"' : ''}>${body}</a>`;
  },
  image(token: Tokens.Image) {
    const src = safeUrl(token.href);
    return src
      ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" loading="lazy" />`
      : escapeHtml(token.text);
  },
};
const markdown = new Marked({ gfm: true, breaks: false, renderer });
/** help answers were plain text with line breaks: there a single line break stays a line break */
const markdownBreaks = new Marked({ gfm: true, breaks: true, renderer });

export function renderMarkdown(source: string, options: { breaks?: boolean } = {}): string {
  return (options.breaks ? markdownBreaks : markdown).parse(source, { async: false });
}

export function MarkdownView({ source, className, breaks }: { source: string; className?: string; breaks?: boolean }) {
  const html = useMemo(() => renderMarkdown(source, { breaks }), [source, breaks]);
  // the HTML comes from renderMarkdown above, which escapes raw HTML and unsafe addresses
  return <div className={className ?? 'markdown-body'} dangerouslySetInnerHTML={{ __html: html }} />;
}
