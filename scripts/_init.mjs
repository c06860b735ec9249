import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const c = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const p = await c.newPage();
const cdp = await c.newCDPSession(p);
await cdp.send('Network.enable');
cdp.on('Network.requestWillBeSent', (e) => {
  if (/0ungu|19lms|_rsc|\.rsc|_rsc/.test(e.request.url)) console.log(e.request.url.slice(0,120), e.initiator.type, JSON.stringify(e.initiator.stack?.callFrames?.slice(0,3).map(f=>f.functionName+'@'+f.url.slice(-30)+':'+f.columnNumber) ?? e.initiator.url));
});
await p.goto('http://localhost:3000' + (process.argv[2] ?? '/'), { waitUntil: 'load' });
await p.waitForLoadState('networkidle'); await p.waitForTimeout(1500);
await b.close();
