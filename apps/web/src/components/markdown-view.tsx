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
 * Markdown of the content reports (written by operators in the console) rendered with `marked`: raw HTML in
 * the source is shown as text, links and images keep only safe addresses, so a report cannot run script.
 */
const markdown = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    link(token: Tokens.Link) {
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
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

export function MarkdownView({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // the HTML comes from renderMarkdown above, which escapes raw HTML and unsafe addresses
  return <div className={className ?? 'markdown-body'} dangerouslySetInnerHTML={{ __html: html }} />;
}
