import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs, samplePaths, startShop } from './lib/shop-server.mjs';
const args = parseArgs();
const shop = await startShop({});
try {
  const { product, listing } = await samplePaths(shop.api);
  for (const path of [args.page === 'listing' ? listing : args.page === 'home' ? '/' : product]) {
    const url = shop.base + path; await (await fetch(url)).text(); await (await fetch(url)).text();
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    await chrome.kill();
    console.log(path, 'perf', lhr.categories.performance.score * 100);
    for (const id of ['server-response-time', 'largest-contentful-paint', 'first-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive', 'bootup-time', 'mainthread-work-breakdown', 'render-blocking-insight', 'lcp-breakdown-insight', 'lcp-discovery-insight', 'network-dependency-tree-insight', 'total-byte-weight', 'document-latency-insight'])
      { const a = lhr.audits[id]; if (!a) continue; console.log(id, a.displayValue ?? '', a.score); if (['lcp-breakdown-insight','render-blocking-insight','lcp-discovery-insight'].includes(id)) console.log(JSON.stringify(a.details).slice(0, 1200)); }
    const reqs = lhr.audits['network-requests'].details.items; console.log('requests', reqs.length, 'bytes', reqs.reduce((s, r) => s + (r.transferSize || 0), 0));
    for (const r of reqs.filter((r) => r.resourceType === 'Image' || r.resourceType === 'Document' || r.resourceType==='Font' || r.resourceType==='Stylesheet')) console.log(' ', r.resourceType, Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.transferSize, r.priority, r.url.slice(0, 110));
  }
} finally { await shop.stop(); }
