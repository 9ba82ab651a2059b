"""An independent reference for best-blocks and best-attacks (issues 15 and 23): a plain
exhaustive minimax written from the Comprehensive Rules, for tests only. It imports
nothing from ``mtgcombat``: its own reading of the JSON board fields it needs, its own
legality of attacks and blocks, its own damage, results and state-based actions. Obviously
correct over fast.

Scope: the active player attacks; two or more players, no teams (every other player is a
defending player, 802.2; a creature blocks only a creature attacking its controller,
509.1a); creatures only, attacking players; keywords Flying, Reach, Menace, First strike,
Double strike, Deathtouch, Trample, Lifelink, Vigilance, Haste, Defender, Indestructible,
Infect, Wither, Toxic N; damage already marked; the texts "All creatures able to block
NAME do so." (509.1c), "NAME blocks each combat if able." and "NAME attacks each combat if
able." (508.1d); both editions ("2024": damage assignment order, 509.2 and old 510.1c).

The rules it carries out, each where it is used: 510.1a-c (assignment, free division or
the 2024 order), 702.19b-e (trample: lethal damage to every blocker first -- toughness
minus damage marked, 1 from a deathtouch source, 702.2c), 510.2 (all at once), 120.3a-f
(life loss, poison from infect, -1/-1 counters from infect and wither, damage marked,
lifelink), 702.164c (toxic), 704.5a, c, f, g, h (state-based actions; indestructible stops
g and h only, 702.12b), 510.4 and 702.4b, 702.7b (the two steps), 104.2a (a two-player
game ends when a player loses: no later step), 800.4a (in a multiplayer game a player who
loses leaves with their creatures; the game goes on while the attacking player and one
of their opponents remain) and 800.4e (combat damage to a player who left isn't
assigned).

Objectives, from the deciding side (the defending players for best-blocks, the active
player for best-attacks), compared lexicographically, larger better:

* standard: (L, C, H) -- L = +1 if every opponent lost, -1 if a player of the deciding
  side lost; C = opposing creatures gone minus own; H = life lost by the opponents minus
  life lost by the deciding side (life before minus after; lifelink gains count negative).
* survive: (S, -life lost by the deciding side), S = -1 if a player of it lost else 0.
* race: (L, H, C).

Every choice after the decision is minimax on the decider's objective: the deciding side
maximises, the other minimises. Best blocks: the defenders pick a legal block declaration;
(2024) the attacking player orders each attacker's blockers (509.2); in each combat damage
step the attacking player assigns the attackers' damage (blockers here are forced: each
blocks one attacker); the regular step is chosen knowing the first's result. Best
attacks: the active player picks a legal attack declaration, the defenders reply with
their best legal blocks, then damage as above.
"""

from __future__ import annotations

from itertools import combinations, permutations, product
from typing import Optional

KEYWORDS = {"flying", "reach", "menace", "first strike", "double strike", "deathtouch",
            "trample", "lifelink", "vigilance", "haste", "defender", "indestructible",
            "infect", "wither"}


class Creature:
    def __init__(self, d: dict) -> None:
        self.id = d.get("id", d["name"])
        self.name = d["name"]
        self.controller = d["controller"]
        self.power = d["power"]
        self.toughness = d["toughness"]
        self.damage = d.get("damage", 0)
        self.tapped = d.get("tapped", False)
        self.sick = d.get("summoning_sick", False)
        self.keywords: set[str] = set()
        self.toxic = 0
        self.lure = False
        self.blocks_each = False
        self.attacks_each = False
        for line in (d.get("text") or "").split("\n"):
            line = line.strip()
            if not line:
                continue
            low = line.lower().rstrip(".")
            if low == f"all creatures able to block {self.name.lower()} do so":
                self.lure = True
            elif low == f"{self.name.lower()} blocks each combat if able":
                self.blocks_each = True
            elif low == f"{self.name.lower()} attacks each combat if able":
                self.attacks_each = True
            else:
                for kw in low.split(","):
                    kw = kw.strip()
                    if kw.startswith("toxic "):
                        self.toxic += int(kw.split()[1])  # 702.164b: the N add up
                    elif kw in KEYWORDS:
                        self.keywords.add(kw)
                    else:
                        raise ValueError(f"the reference doesn't read {line!r}")

    def has(self, kw: str) -> bool:
        return kw in self.keywords


class Board:
    def __init__(self, data: dict) -> None:
        self.rules = data.get("rules", "current")
        self.players = [p["name"] for p in data["players"]]
        self.life = {p["name"]: p.get("life", 20) for p in data["players"]}
        self.poison = {p["name"]: p.get("poison", 0) for p in data["players"]}
        if any(p.get("team") for p in data["players"]):
            raise ValueError("the reference doesn't play teams")
        self.alice = data["active_player"]
        self.defenders = [p for p in self.players if p != self.alice]
        self.creatures = {c.id: c for c in (Creature(d) for d in data.get("permanents", [])
                                            if "Creature" in d.get("type_line", "Creature"))}
        self.attacks = data.get("attacks")
        # in turn order from the active player (510.1: the defending players assign in
        # turn order; here their blockers' damage is forced, so the order changes nothing)
        i = self.players.index(self.alice)
        self.turn = self.players[i:] + self.players[:i]

    def of(self, player: str) -> list[Creature]:
        return [c for c in self.creatures.values() if c.controller == player]

    @property
    def multiplayer(self) -> bool:
        return len(self.players) > 2


# -- legality ----------------------------------------------------------------------------


def legal_attacks(b: Board) -> list[dict]:
    """508.1a-d: untapped, not summoning sick unless haste, no defender; each attacker
    attacks one defending player (802.3); the most "attacks each combat if able"
    requirements obeyed."""
    able = [c for c in b.of(b.alice) if not c.tapped and not c.has("defender")
            and (not c.sick or c.has("haste"))]
    decls = []
    for pick in product(*[[None] + b.defenders for _ in able]):
        d = {c.id: t for c, t in zip(able, pick) if t is not None}
        obeyed = sum(1 for c in able if c.attacks_each and c.id in d)
        decls.append((d, obeyed))
    best = max(o for _, o in decls)
    return [d for d, o in decls if o == best]


def can_block(blocker: Creature, attacker: Creature, attacks: dict) -> bool:
    """509.1a-b per pair: untapped; attacking the blocker's controller (509.1a); flying
    only by flying or reach (702.9b)."""
    if blocker.tapped or attacks[attacker.id] != blocker.controller:
        return False
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        return False
    return True


def legal_blocks(b: Board, attacks: dict) -> list[dict]:
    """509.1a-c: each blocker blocks at most one attacker it can block; menace needs two
    or more (702.110b); each defending player obeys the most requirements they can (Lure,
    "blocks each combat"; 509.1c, 802.4b -- each player's declaration apart)."""
    attackers = [b.creatures[a] for a in attacks]
    per_player = []
    for p in b.defenders:
        blockers = [c for c in b.of(p) if not c.tapped]
        mine = [a for a in attackers if attacks[a.id] == p]
        choices = [[None] + [a for a in mine if can_block(bl, a, attacks)] for bl in blockers]
        decls = []
        for pick in product(*choices):
            count: dict[str, int] = {}
            for a in pick:
                if a is not None:
                    count[a.id] = count.get(a.id, 0) + 1
            if any(a.has("menace") and count.get(a.id, 0) == 1 for a in mine):
                continue
            obeyed = 0
            for bl, a in zip(blockers, pick):
                for lure in mine:
                    if lure.lure and can_block(bl, lure, attacks):
                        obeyed += a is lure
                if bl.blocks_each:
                    obeyed += a is not None
            decls.append(({bl.id: [a.id] for bl, a in zip(blockers, pick) if a is not None},
                          obeyed))
        best = max(o for _, o in decls)
        per_player.append([d for d, o in decls if o == best])
    out = []
    for combo in product(*per_player):
        d: dict = {}
        for x in combo:
            d.update(x)
        out.append(d)
    return out


# -- the combat ----------------------------------------------------------------------------


class State:
    """What changes during combat damage: damage marked, -1/-1 counters, who is gone,
    life, poison, who lost."""

    def __init__(self, b: Board) -> None:
        self.damage = {c.id: c.damage for c in b.creatures.values()}
        self.minus = {c.id: 0 for c in b.creatures.values()}
        self.gone: set[str] = set()
        self.life = dict(b.life)
        self.poison = dict(b.poison)
        self.lost: set[str] = set()

    def copy(self) -> "State":
        s = State.__new__(State)
        s.damage, s.minus, s.gone = dict(self.damage), dict(self.minus), set(self.gone)
        s.life, s.poison, s.lost = dict(self.life), dict(self.poison), set(self.lost)
        return s

    def power(self, c: Creature) -> int:
        return c.power - self.minus[c.id]  # 122.1a: -1/-1 counters lower both

    def toughness(self, c: Creature) -> int:
        return c.toughness - self.minus[c.id]


def value(b: Board, s: State, decider: set, objective: str) -> tuple:
    others = [p for p in b.players if p not in decider]
    lost_d = any(p in s.lost for p in decider)
    lost_o = bool(others) and all(p in s.lost for p in others)
    L = (1 if lost_o else 0) - (1 if lost_d else 0)
    C = (sum(1 for c in b.creatures.values() if c.controller in others and c.id in s.gone)
         - sum(1 for c in b.creatures.values() if c.controller in decider and c.id in s.gone))
    own = sum(b.life[p] - s.life[p] for p in decider)
    opp = sum(b.life[p] - s.life[p] for p in others)
    H = opp - own
    if objective == "standard":
        return (L, C, H)
    if objective == "survive":
        return (-1 if lost_d else 0, -own)
    if objective == "race":
        return (L, H, C)
    raise ValueError(objective)


def divisions(power: int, n: int):
    if n == 0:
        if power == 0:
            yield ()
        return
    if n == 1:
        yield (power,)
        return
    for k in range(power + 1):
        for rest in divisions(power - k, n - 1):
            yield (k,) + rest


def attacker_options(b: Board, s: State, a: Creature, blockers: list[Creature],
                     order: Optional[tuple[str, ...]], blocked: bool) -> list[dict]:
    """The legal divisions of one attacker's damage (510.1a-c, 702.19b-d, 702.2c;
    800.4e: none to a player who left)."""
    power = s.power(a)
    if power <= 0:
        return [{}]
    target = b.attacks_now[a.id]
    reach_player = target not in s.lost
    alive = [x for x in blockers if x.id not in s.gone]
    if not blocked:
        return [{target: power}] if reach_player else [{}]
    if not alive:
        return [{target: power}] if a.has("trample") and reach_player else [{}]

    def lethal(x: Creature) -> int:
        if a.has("deathtouch"):
            return 1
        return max(0, s.toughness(x) - s.damage[x.id])

    seq = [x for x in (order or [y.id for y in alive])]
    seq = [b.creatures[i] for i in seq if b.creatures[i].id not in s.gone]
    targets = seq + (["player"] if a.has("trample") and reach_player else [])
    out = []
    for div in divisions(power, len(targets)):
        d = dict(zip([t if t == "player" else t.id for t in targets], div))
        ok = True
        if d.get("player", 0) > 0:
            ok = all(d.get(x.id, 0) >= lethal(x) for x in seq)
        if ok and b.rules == "2024" and order is not None:
            for i, x in enumerate(seq):
                if d.get(x.id, 0) > 0 and any(d.get(y.id, 0) < lethal(y) for y in seq[:i]):
                    ok = False
                    break
        if ok:
            out.append({(target if k == "player" else k): v for k, v in d.items() if v})
    return out


def deal(b: Board, s: State, step_sources: list[tuple[Creature, dict]]) -> State:
    """510.2, 120.3: all at once; then the state-based actions (704.5a, c, f, g, h;
    800.4a)."""
    t = s.copy()
    deadly: set[str] = set()
    for src, d in step_sources:
        for to, n in d.items():
            if n <= 0:
                continue
            if to in b.life:
                if src.has("infect"):
                    t.poison[to] += n  # 120.3b
                else:
                    t.life[to] -= n  # 120.3a
                t.poison[to] += src.toxic  # 702.164c
            else:
                if src.has("infect") or src.has("wither"):
                    t.minus[to] += n  # 120.3d
                else:
                    t.damage[to] += n  # 120.3e
                if src.has("deathtouch"):
                    deadly.add(to)  # 702.2b
            if src.has("lifelink"):
                t.life[src.controller] += n  # 120.3f
    for p in b.players:
        if p not in t.lost and (t.life[p] <= 0 or t.poison[p] >= 10):
            t.lost.add(p)  # 704.5a, 704.5c
    for c in b.creatures.values():
        if c.id in t.gone:
            continue
        tough = t.toughness(c)
        if tough <= 0:
            t.gone.add(c.id)  # 704.5f (not destruction: indestructible doesn't help)
        elif not c.has("indestructible") and (t.damage[c.id] >= tough or c.id in deadly):
            t.gone.add(c.id)  # 704.5g, 704.5h
        elif b.multiplayer and c.controller in t.lost:
            t.gone.add(c.id)  # 800.4a
    return t


def game_over(b: Board, s: State) -> bool:
    """104.2a (two players), 800.4: the attacking player lost, or all their opponents."""
    return b.alice in s.lost or all(p in s.lost for p in b.defenders)


def play(b: Board, attacks: dict, blocks: dict, decider: set, objective: str) -> tuple:
    """The minimax value of the combat damage of this declaration."""
    b.attacks_now = attacks
    attackers = [b.creatures[a] for a in attacks]
    blockers_of = {a.id: [b.creatures[x] for x, atts in blocks.items() if a.id in atts]
                   for a in attackers}
    blocking = [b.creatures[x] for x in blocks]
    alice_max = b.alice in decider
    fs = any(c.has("first strike") or c.has("double strike") for c in attackers + blocking)

    orders_choices: list[list[Optional[tuple]]] = []
    for a in attackers:
        bl = blockers_of[a.id]
        if b.rules == "2024" and len(bl) >= 2:
            orders_choices.append(list(permutations([x.id for x in bl])))
        else:
            orders_choices.append([None])

    def strikes(c: Creature, step: str, had: set[str]) -> bool:
        if step == "first":
            return c.has("first strike") or c.has("double strike")
        if fs:
            return c.has("double strike") or c.id not in had
        return True

    def step_value(s: State, step: str, orders: dict, had: set[str]) -> tuple:
        if step == "done" or game_over(b, s):
            return value(b, s, decider, objective)
        nxt = "regular" if step == "first" else "done"
        srcs_a = [a for a in attackers if a.id not in s.gone and strikes(a, step, had)]
        options = [attacker_options(b, s, a, blockers_of[a.id], orders.get(a.id),
                                    bool(blockers_of[a.id])) for a in srcs_a]
        forced = []
        for x in blocking:
            if x.id in s.gone or not strikes(x, step, had) or s.power(x) <= 0:
                continue
            (target,) = blocks[x.id]
            if target not in s.gone:
                forced.append((x, {target: s.power(x)}))
        best = None
        for combo in product(*options):
            t = deal(b, s, list(zip(srcs_a, combo)) + forced)
            v = step_value(t, nxt, orders, had)
            if best is None or (v > best if alice_max else v < best):
                best = v
        return best

    had = {c.id for c in attackers + blocking
           if c.has("first strike") or c.has("double strike")}
    best = None
    for pick in product(*orders_choices):
        orders = {a.id: o for a, o in zip(attackers, pick) if o is not None}
        v = step_value(State(b), "first" if fs else "regular", orders, had)
        if best is None or (v > best if alice_max else v < best):
            best = v
    return best


# -- the questions -------------------------------------------------------------------------


def value_of_blocks(data: dict, blocks: dict, objective: str = "standard") -> tuple:
    b = Board(data)
    return play(b, b.attacks, blocks, set(b.defenders), objective)


def best_blocks(data: dict, objective: str = "standard") -> tuple[tuple, list[dict]]:
    b = Board(data)
    scored = [(play(b, b.attacks, d, set(b.defenders), objective), d)
              for d in legal_blocks(b, b.attacks)]
    best = max(v for v, _ in scored)
    return best, [d for v, d in scored if v == best]


def value_of_attacks(data: dict, attacks: dict, objective: str = "standard") -> tuple:
    b = Board(data)
    if not attacks:
        return value(b, State(b), {b.alice}, objective)
    return min(play(b, attacks, d, {b.alice}, objective) for d in legal_blocks(b, attacks))


def best_attacks(data: dict, objective: str = "standard") -> tuple[tuple, list[dict]]:
    b = Board(data)
    scored = [(value_of_attacks(data, d, objective), d) for d in legal_attacks(b)]
    best = max(v for v, _ in scored)
    return best, [d for v, d in scored if v == best]
