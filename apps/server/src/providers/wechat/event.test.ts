import { describe, expect, it } from 'vitest';
import { checkWechatSignature, parseWechatXml, textReply, toScanEvent, wechatSignature } from './event.js';

const NOW = 1_700_000_000_000;

describe('WeChat push signature', () => {
  it('is sha1 of token, timestamp and nonce sorted and joined (computed by hand with sha1sum)', () => {
    // printf '%s' 1700000000nonce123testtoken | sha1sum
    expect(wechatSignature('testtoken', '1700000000', 'nonce123')).toBe('ee0843455eb31b87dbf6d6890273a3ab976bd56e');
  });

  it('accepts the right signature (either case) near our clock, and nothing else', () => {
    const good = { signature: 'ee0843455eb31b87dbf6d6890273a3ab976bd56e', timestamp: '1700000000', nonce: 'nonce123' };
    expect(checkWechatSignature('testtoken', good, NOW)).toBe(true);
    expect(checkWechatSignature('testtoken', { ...good, signature: good.signature.toUpperCase() }, NOW)).toBe(true);
    expect(checkWechatSignature('othertoken', good, NOW)).toBe(false);
    expect(checkWechatSignature(undefined, good, NOW)).toBe(false);
    expect(checkWechatSignature('testtoken', { ...good, nonce: 'nonce124' }, NOW)).toBe(false);
    expect(checkWechatSignature('testtoken', { ...good, signature: 'e'.repeat(40) }, NOW)).toBe(false);
    expect(checkWechatSignature('testtoken', { ...good, signature: 'short' }, NOW)).toBe(false);
    expect(checkWechatSignature('testtoken', { timestamp: good.timestamp, nonce: good.nonce }, NOW)).toBe(false);
    // five minutes of skew either way, not more
    expect(checkWechatSignature('testtoken', good, NOW + 300_000)).toBe(true);
    expect(checkWechatSignature('testtoken', good, NOW + 301_000)).toBe(false);
    expect(checkWechatSignature('testtoken', good, NOW - 301_000)).toBe(false);
  });
});

describe('push XML', () => {
  const subscribe = `<xml>
  <ToUserName><![CDATA[gh_0123456789ab]]></ToUserName>
  <FromUserName><![CDATA[oABCD1234efgh]]></FromUserName>
  <CreateTime>1700000000</CreateTime>
  <MsgType><![CDATA[event]]></MsgType>
  <Event><![CDATA[subscribe]]></Event>
  <EventKey><![CDATA[qrscene_xgScene-1_a]]></EventKey>
  <Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==]]></Ticket>
</xml>`;

  it('parses CDATA and plain fields', () => {
    expect(parseWechatXml(subscribe)).toEqual({
      ToUserName: 'gh_0123456789ab',
      FromUserName: 'oABCD1234efgh',
      CreateTime: '1700000000',
      MsgType: 'event',
      Event: 'subscribe',
      EventKey: 'qrscene_xgScene-1_a',
      Ticket: 'gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==',
    });
  });

  it('decodes the predefined entities and character references in plain text, not in CDATA', () => {
    const fields = parseWechatXml(
      '<?xml version="1.0"?><xml><A>a &lt;b&gt; &amp; &#20320;&#x597D;</A><B><![CDATA[&lt;kept&gt;]]></B><C></C></xml>',
    );
    expect(fields).toEqual({ A: 'a <b> & 你好', B: '&lt;kept&gt;', C: '' });
  });

  it('refuses a DOCTYPE, an entity declaration and anything that is not an <xml> document', () => {
    expect(parseWechatXml('<!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]><xml><A>&x;</A></xml>')).toBeNull();
    expect(parseWechatXml('<root><A>1</A></root>')).toBeNull();
    expect(parseWechatXml('{"MsgType":"event"}')).toBeNull();
    expect(parseWechatXml('')).toBeNull();
  });

  it('reads a subscribe (qrscene_ prefix) and a SCAN (bare scene) as QR scans', () => {
    const fields = parseWechatXml(subscribe) ?? {};
    expect(toScanEvent(fields)).toEqual({
      event: 'subscribe',
      openid: 'oABCD1234efgh',
      scene: 'xgScene-1_a',
      account: 'gh_0123456789ab',
    });
    expect(toScanEvent({ ...fields, Event: 'SCAN', EventKey: 'xgScene-1_a' })).toMatchObject({
      event: 'SCAN',
      scene: 'xgScene-1_a',
    });
  });

  it('ignores other events, a plain follow, a malformed scene and messages', () => {
    const fields = parseWechatXml(subscribe) ?? {};
    expect(toScanEvent({ ...fields, Event: 'unsubscribe' })).toBeNull();
    expect(toScanEvent({ ...fields, EventKey: '' })).toBeNull();
    expect(toScanEvent({ ...fields, EventKey: 'qrscene_<script>' })).toBeNull();
    expect(toScanEvent({ ...fields, Event: 'SCAN', EventKey: 'a'.repeat(65) })).toBeNull();
    expect(toScanEvent({ ...fields, MsgType: 'text' })).toBeNull();
    expect(toScanEvent({ ...fields, FromUserName: '' })).toBeNull();
  });

  it('writes a passive text reply that parses back, with CDATA ends escaped', () => {
    const xml = textReply({ toUser: 'oUser', fromAccount: 'gh_acc', content: '扫码成功]]>!', nowMs: NOW });
    expect(parseWechatXml(xml)).toMatchObject({
      ToUserName: 'oUser',
      FromUserName: 'gh_acc',
      CreateTime: '1700000000',
      MsgType: 'text',
    });
    expect(xml).toContain('<Content><![CDATA[扫码成功]]]]><![CDATA[>!]]></Content>');
  });
});
