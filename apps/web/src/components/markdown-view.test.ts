import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown-view';

/** Help answers and content reports are Markdown from the console, rendered safely (issue #27). */
describe('renderMarkdown', () => {
  it('renders Markdown: headings, lists, bold, links inside the site', () => {
    const html = renderMarkdown('## 导出\n\n- **排行榜** 右上角\n- [会员中心](/member)');
    expect(html).toContain('<h2>导出</h2>');
    expect(html).toContain('<li><strong>排行榜</strong> 右上角</li>');
    expect(html).toContain('<a href="/member">会员中心</a>');
  });

  it('shows raw HTML as text: no script, no event handler, no iframe reaches the page', () => {
    const html = renderMarkdown(
      '前言\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> 与 <iframe src="//evil"></iframe>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('keeps only safe addresses for links and images', () => {
    const html = renderMarkdown(
      '[点我](javascript:alert(1)) [外链](https://example.com) ![图](data:image/png;base64,AAAA) ![坏](data:text/html;base64,AAAA) [协议相对](//evil.example)',
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text/html');
    expect(html).not.toContain('//evil.example"');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">外链</a>');
    expect(html).toContain('<img src="data:image/png;base64,AAAA" alt="图" loading="lazy" />');
  });

  it('escapes quotes in addresses and alt texts (no attribute injection)', () => {
    const html = renderMarkdown('![a" onerror="x](/img.png "t")');
    expect(html).not.toMatch(/" onerror="/);
  });

  it('help answers keep their single line breaks (breaks: true); reports do not', () => {
    expect(renderMarkdown('第一行\n第二行', { breaks: true })).toBe('<p>第一行<br>第二行</p>\n');
    expect(renderMarkdown('第一行\n第二行')).toBe('<p>第一行\n第二行</p>\n');
  });
});
