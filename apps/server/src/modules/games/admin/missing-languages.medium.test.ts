import { describe, expect, it } from 'vitest';
import { operatorToken } from '../../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';

const context = useTestApp();
const db = () => context.database.db;

/** The fixture merchant offers EN, VI, CN, ID, PT, PT-BR, TH and TY. */
describe('content and catalogue texts in every language the merchant offers (issue 22 item 15)', () => {
  it('names the demo games in Thai and Chinese, not in English', async () => {
    for (const [language, coinFlip, dice] of [
      ['TH', 'โยนเหรียญ', 'ลูกเต๋า'],
      ['CN', '抛硬币', '骰子'],
    ] as const) {
      const lobby = await callApi(
        context.app,
        'GET',
        `/wps/relay/GCSGAME_gameList?language=${language}&pageSize=50`,
        { language },
      );
      expect(lobby.status).toBe(200);
      const names = (lobby.body.value.games as { gameName: string }[]).map((game) => game.gameName);
      expect(names).toContain(coinFlip);
      expect(names).toContain(dice);
      expect(names).not.toContain('Coin Flip');
    }
  });

  it('marks each game with the offered languages it has no name in', async () => {
    const token = await operatorToken(context.app, db(), 'ml-content', 'content');
    const list = await callApi(context.app, 'GET', '/admin/games?search=coin-flip', { token });
    expect(list.status).toBe(200);
    const [coinFlip] = list.body.value.items;
    // TY is the operator's own language: the demo ships no names in it.
    expect(coinFlip.missingLanguages).toEqual(['TY']);

    const named = await callApi(context.app, 'POST', '/admin/games', {
      token,
      body: { nodeId: coinFlip.nodeId, names: { TY: 'Huri moni', TH: '' } },
    });
    expect(named.status).toBe(200);
    expect(named.body.value.missingLanguages).toEqual(['TH']);
  });

  it('marks each help article with the offered languages that have no article of its tag', async () => {
    const token = await operatorToken(context.app, db(), 'ml-content2', 'content');
    const saved = await callApi(context.app, 'POST', '/admin/content/help', {
      token,
      body: {
        language: 'EN',
        tag: 'ml-limits',
        title: 'Limits',
        contentHtml: '<p>Our limits.</p>',
        sort: 0,
        enabled: true,
      },
    });
    expect(saved.status).toBe(200);
    const thai = await callApi(context.app, 'POST', '/admin/content/help', {
      token,
      body: {
        language: 'TH',
        tag: 'ml-limits',
        title: 'ขีดจำกัด',
        contentHtml: '<p>ขีดจำกัดของเรา</p>',
        sort: 0,
        enabled: true,
      },
    });
    expect(thai.status).toBe(200);
    const list = await callApi(context.app, 'GET', '/admin/content/help?pageSize=100', { token });
    expect(list.status).toBe(200);
    const rows = (
      list.body.value.list as { tag: string; language: string; missingLanguages: string[] }[]
    ).filter((row) => row.tag === 'ml-limits');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.missingLanguages).toEqual(['VI', 'CN', 'ID', 'PT', 'PT-BR', 'TY']);
    }
  });
});
