/**
 * The play page's script, served from this origin as `/sandbox-provider/play.js` (the site's
 * content security policy allows only same-origin scripts). Plain ES2020, no build step. It
 * reads its settings from the page's JSON data block and plays rounds through the provider's own
 * endpoints; it never talks to the platform.
 */
export const SANDBOX_PLAY_SCRIPT = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('sandbox-config').textContent);
  var texts = config.texts;
  var balanceMinor = config.balanceMinor;
  var hiLoCard = config.hiLoCard;
  var busy = false;
  var wheelTurns = 0;
  var history = [];
  var HISTORY_SIZE = 10;
  var CARD_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  var DIE_FACES = ['', '\u2680', '\u2681', '\u2682', '\u2683', '\u2684', '\u2685'];
  var stakeInput = document.getElementById('stake');
  var message = document.getElementById('message');
  var playButtons = Array.prototype.slice.call(document.querySelectorAll('[data-pick]'));

  function money(minor) {
    return (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  function toMinor(text) {
    var amount = Number(text);
    return Number.isFinite(amount) ? Math.round(amount * 100) : NaN;
  }
  function setStake(minor) {
    var bounded = Math.min(config.maxBetMinor, Math.max(config.minBetMinor, Math.floor(minor)));
    stakeInput.value = (bounded / 100).toFixed(2);
  }
  function show(text, kind) {
    message.textContent = text;
    message.className = 'message' + (kind ? ' ' + kind : '');
  }
  function hiLoMultiplierBp(card, guess) {
    var winning = guess === 'higher' ? config.hiLo.ranks - card : card - 1;
    if (winning <= 0) return 0;
    return Math.floor(((10000 - config.hiLo.edgeBp) * config.hiLo.ranks) / winning);
  }
  function refreshButtons() {
    playButtons.forEach(function (button) {
      var pick = button.getAttribute('data-pick');
      var impossible = config.game === 'hi-lo' && (hiLoCard === null || hiLoMultiplierBp(hiLoCard, pick) === 0);
      button.disabled = busy || impossible;
      if (config.game === 'hi-lo') {
        var multiplier = hiLoCard === null ? 0 : hiLoMultiplierBp(hiLoCard, pick);
        button.textContent = texts[pick] + (multiplier > 0 ? ' ' + (Math.floor(multiplier / 100) / 100).toFixed(2) + 'x' : '');
      }
    });
  }
  function showBalance(minor) {
    balanceMinor = minor;
    document.getElementById('balance').textContent = money(minor);
  }
  function describe(outcome) {
    switch (outcome.game) {
      case 'coin-flip': return texts[outcome.choice] + ' \u2192 ' + texts[outcome.outcome];
      case 'lucky-wheel': return (outcome.multiplierBp / 10000) + 'x';
      case 'hi-lo': return CARD_NAMES[outcome.card] + ' \u2192 ' + CARD_NAMES[outcome.nextCard] + ' (' + texts[outcome.choice] + ')';
      case 'dice-duel': return DIE_FACES[outcome.playerDie] + ' vs ' + DIE_FACES[outcome.houseDie];
    }
    return '';
  }
  function addHistory(round) {
    history.unshift(round);
    history = history.slice(0, HISTORY_SIZE);
    var list = document.getElementById('history');
    list.textContent = '';
    history.forEach(function (entry) {
      var item = document.createElement('li');
      var what = document.createElement('span');
      what.textContent = describe(entry.outcome) + ' \u00b7 ' + money(entry.stakeMinor);
      var result = document.createElement('span');
      result.textContent = entry.winMinor > 0 ? '+' + money(entry.winMinor) : '0.00';
      if (entry.winMinor > 0) result.className = 'plus';
      item.appendChild(what);
      item.appendChild(result);
      list.appendChild(item);
    });
  }
  function animate(outcome) {
    if (outcome.game === 'coin-flip') {
      var coin = document.getElementById('coin');
      coin.classList.remove('flip');
      void coin.offsetWidth;
      coin.classList.add('flip');
      coin.textContent = texts[outcome.outcome];
    } else if (outcome.game === 'lucky-wheel') {
      wheelTurns += 5;
      var step = 360 / outcome.segments;
      document.getElementById('wheel').style.transform = 'rotate(' + (wheelTurns * 360 - outcome.segment * step) + 'deg)';
    } else if (outcome.game === 'hi-lo') {
      document.getElementById('previous-card').textContent = CARD_NAMES[outcome.card];
      document.getElementById('card').textContent = CARD_NAMES[outcome.nextCard];
    } else if (outcome.game === 'dice-duel') {
      document.getElementById('player-die').textContent = DIE_FACES[outcome.playerDie];
      document.getElementById('house-die').textContent = DIE_FACES[outcome.houseDie];
    }
  }
  function finish(round) {
    var outcome = round.outcome;
    animate(outcome);
    if (outcome.game === 'hi-lo') hiLoCard = outcome.nextCard;
    showBalance(round.balanceMinor);
    if (round.pending) show(texts.pending, '');
    else if (outcome.multiplierBp === 10000) show(texts.push, '');
    else if (round.winMinor > 0) show(texts.won.replace('{amount}', money(round.winMinor)), 'win');
    else show(texts.lost, 'lose');
    addHistory(round);
  }
  function call(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-token': config.token },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }).then(function (response) {
      return response.json().catch(function () { return { success: false, errorCode: 'UNAVAILABLE' }; });
    }, function () {
      return { success: false, errorCode: 'UNAVAILABLE' };
    });
  }
  function play(pick) {
    if (busy) return;
    var stakeMinor = toMinor(stakeInput.value);
    if (!(stakeMinor >= config.minBetMinor && stakeMinor <= config.maxBetMinor)) {
      show(texts.errors.BAD_STAKE, 'error');
      return;
    }
    var body = { game: config.game, stakeMinor: stakeMinor };
    if (config.game === 'coin-flip') body.side = pick;
    if (config.game === 'hi-lo') body.guess = pick;
    busy = true;
    refreshButtons();
    show(texts.playing, '');
    call('/sandbox-provider/api/round', body).then(function (answer) {
      busy = false;
      if (answer.success) finish(answer.value);
      else show(texts.errors[answer.errorCode] || texts.errors.UNAVAILABLE, 'error');
      refreshButtons();
    });
  }

  playButtons.forEach(function (button) {
    button.addEventListener('click', function () { play(button.getAttribute('data-pick')); });
  });
  Array.prototype.slice.call(document.querySelectorAll('[data-stake]')).forEach(function (button) {
    button.addEventListener('click', function () {
      var current = toMinor(stakeInput.value) || config.minBetMinor;
      var kind = button.getAttribute('data-stake');
      if (kind === 'half') setStake(current / 2);
      if (kind === 'double') setStake(current * 2);
      if (kind === 'min') setStake(config.minBetMinor);
      if (kind === 'max') setStake(Math.min(config.maxBetMinor, balanceMinor));
    });
  });
  refreshButtons();
})();
`;
