"""An independent reference for best-blocks and best-attacks (issue 15): a plain
exhaustive minimax written from the Comprehensive Rules, for tests only. It imports
nothing from ``mtgcombat``: its own reading of the JSON board fields it needs, its own
legality of attacks and blocks, its own damage and results. Obviously correct over fast.

Scope: two players (the active player attacks the other), creatures only, every attacker
attacks the defending player; keywords Flying, Reach, Menace, First strike, Double
strike, Deathtouch, Trample, Lifelink, Vigilance, Haste, Defender; the texts "All
creatures able to block NAME do so." (a requirement for each creature able to block it,
509.1c), "NAME blocks each combat if able." and "NAME attacks each combat if able."
(508.1d); both editions ("2024": damage assignment order, 509.2 and old 510.1c).

Objectives, from the deciding side (Bob for best-blocks, Alice for best-attacks), compared
lexicographically, larger better:

* standard: (L, C, H) -- L = +1 if the opponent lost, -1 if the decider lost; C = opposing
  creatures destroyed minus own; H = life lost by the opponent minus life lost by the
  decider (life before minus after; lifelink gains count negative).
* survive: (S, -life lost by the decider), S = -1 if the decider lost else 0.
* race: (L, H, C).

Every choice after the decision is minimax on the decider's objective: the decider's
side maximises, the other minimises. Best blocks: Bob picks a legal block declaration;
(2024) Alice orders each attacker's blockers (509.2); in each combat damage step Alice
assigns her attackers' damage first, Bob his blockers' (forced here: each blocks one
attacker); the regular step is chosen knowing the first's result. Best attacks: Alice
picks a legal attack declaration, Bob replies with his best legal blocks, then damage as
above.
"""

from __future__ import annotations

from itertools import combinations, permutations, product
from typing import Optional

KEYWORDS = {"flying", "reach", "menace", "first strike", "double strike", "deathtouch",
            "trample", "lifelink", "vigilance", "haste", "defender"}


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
                    if kw not in KEYWORDS:
                        raise ValueError(f"the reference doesn't read {line!r}")
                    self.keywords.add(kw)

    def has(self, kw: str) -> bool:
        return kw in self.keywords


class Board:
    def __init__(self, data: dict) -> None:
        self.rules = data.get("rules", "current")
        self.players = [p["name"] for p in data["players"]]
        self.life = {p["name"]: p.get("life", 20) for p in data["players"]}
        self.alice = data["active_player"]
        self.bob = next(p for p in self.players if p != self.alice)
        self.creatures = {c.id: c for c in (Creature(d) for d in data.get("permanents", [])
                                            if "Creature" in d.get("type_line", "Creature"))}
        self.attacks = data.get("attacks")

    def of(self, player: str) -> list[Creature]:
        return [c for c in self.creatures.values() if c.controller == player]


# -- legality ----------------------------------------------------------------------------


def legal_attacks(b: Board) -> list[dict]:
    """508.1a-d: untapped, not summoning sick unless haste, no defender; the most
    "attacks each combat if able" requirements obeyed."""
    able = [c for c in b.of(b.alice) if not c.tapped and not c.has("defender")
            and (not c.sick or c.has("haste"))]
    out = []
    best = -1
    decls = []
    for k in range(len(able) + 1):
        for group in combinations(able, k):
            obeyed = sum(1 for c in group if c.attacks_each)
            decls.append(({c.id: b.bob for c in group}, obeyed))
            best = max(best, obeyed)
    for d, obeyed in decls:
        if obeyed == best:
            out.append(d)
    return out


def can_block(blocker: Creature, attacker: Creature) -> bool:
    """509.1a-b per pair: untapped; flying only by flying or reach (702.9b)."""
    if blocker.tapped:
        return False
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        return False
    return True


def legal_blocks(b: Board, attacks: dict) -> list[dict]:
    """509.1a-c: each blocker blocks at most one attacker it can block; menace needs two
    or more (702.110b); the most requirements obeyed (Lure, "blocks each combat")."""
    attackers = [b.creatures[a] for a in attacks]
    blockers = [c for c in b.of(b.bob) if not c.tapped]
    choices = [[None] + [a for a in attackers if can_block(bl, a)] for bl in blockers]
    decls = []
    for pick in product(*choices):
        count: dict[str, int] = {}
        for a in pick:
            if a is not None:
                count[a.id] = count.get(a.id, 0) + 1
        if any(a.has("menace") and count.get(a.id, 0) == 1 for a in attackers):
            continue
        obeyed = 0
        for bl, a in zip(blockers, pick):
            for lure in attackers:
                if lure.lure and can_block(bl, lure):
                    obeyed += a is lure
            if bl.blocks_each:
                obeyed += a is not None
        decls.append(({bl.id: [a.id] for bl, a in zip(blockers, pick) if a is not None},
                      obeyed))
    best = max(o for _, o in decls)
    return [d for d, o in decls if o == best]


# -- the combat ----------------------------------------------------------------------------


class State:
    """What changes during combat damage: damage marked, who is gone, life."""

    def __init__(self, b: Board) -> None:
        self.damage = {c.id: c.damage for c in b.creatures.values()}
        self.gone: set[str] = set()
        self.life = dict(b.life)
        self.lost: set[str] = set()

    def copy(self) -> "State":
        s = State.__new__(State)
        s.damage, s.gone, s.life, s.lost = (dict(self.damage), set(self.gone),
                                            dict(self.life), set(self.lost))
        return s


def value(b: Board, s: State, decider: str, objective: str) -> tuple:
    other = b.bob if decider == b.alice else b.alice
    lost_d, lost_o = decider in s.lost, other in s.lost
    L = (1 if lost_o else 0) - (1 if lost_d else 0)
    C = (sum(1 for c in b.of(other) if c.id in s.gone)
         - sum(1 for c in b.of(decider) if c.id in s.gone))
    own = b.life[decider] - s.life[decider]
    opp = b.life[other] - s.life[other]
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
    """The legal divisions of one attacker's damage (510.1a-c, 702.19b-d, 702.2c)."""
    power = a.power
    if power <= 0:
        return [{}]
    alive = [x for x in blockers if x.id not in s.gone]
    if not blocked:
        return [{b.bob: power}]
    if not alive:
        return [{b.bob: power}] if a.has("trample") else [{}]

    def lethal(x: Creature) -> int:
        if a.has("deathtouch"):
            return 1
        return max(0, x.toughness - s.damage[x.id])

    seq = [x for x in (order or [y.id for y in alive])]
    seq = [b.creatures[i] for i in seq if b.creatures[i].id not in s.gone]
    targets = seq + (["player"] if a.has("trample") else [])
    out = []
    for div in divisions(power, len(targets)):
        d = dict(zip([t if t == "player" else t.id for t in targets], div))
        ok = True
        if a.has("trample") and d.get("player", 0) > 0:
            ok = all(d.get(x.id, 0) >= lethal(x) for x in seq)
        if ok and b.rules == "2024" and order is not None:
            for i, x in enumerate(seq):
                if d.get(x.id, 0) > 0 and any(d.get(y.id, 0) < lethal(y) for y in seq[:i]):
                    ok = False
                    break
        if ok:
            out.append({(b.bob if k == "player" else k): v for k, v in d.items() if v})
    return out


def deal(b: Board, s: State, step_sources: list[tuple[Creature, dict]]) -> State:
    """510.2, 120.3: all at once; lifelink; then 704.5a, g, h."""
    t = s.copy()
    deadly: set[str] = set()
    for src, d in step_sources:
        for to, n in d.items():
            if n <= 0:
                continue
            if to in b.life:
                t.life[to] -= n
            else:
                t.damage[to] += n
                if src.has("deathtouch"):
                    deadly.add(to)
            if src.has("lifelink"):
                t.life[src.controller] += n
    for c in b.creatures.values():
        if c.id in t.gone:
            continue
        if t.damage[c.id] >= c.toughness or c.id in deadly:
            t.gone.add(c.id)
    for p in b.players:
        if t.life[p] <= 0:
            t.lost.add(p)
    return t


def play(b: Board, attacks: dict, blocks: dict, decider: str, objective: str) -> tuple:
    """The minimax value of the combat damage of this declaration."""
    attackers = [b.creatures[a] for a in attacks]
    blockers_of = {a.id: [b.creatures[x] for x, atts in blocks.items() if a.id in atts]
                   for a in attackers}
    blocking = [b.creatures[x] for x in blocks]
    alice_max = decider == b.alice
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
        if step == "done" or s.lost:
            return value(b, s, decider, objective)
        nxt = "regular" if step == "first" else "done"
        srcs_a = [a for a in attackers if a.id not in s.gone and strikes(a, step, had)]
        options = [attacker_options(b, s, a, blockers_of[a.id], orders.get(a.id),
                                    bool(blockers_of[a.id])) for a in srcs_a]
        forced = []
        for x in blocking:
            if x.id in s.gone or not strikes(x, step, had) or x.power <= 0:
                continue
            (target,) = blocks[x.id]
            if target not in s.gone:
                forced.append((x, {target: x.power}))
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
    return play(b, b.attacks, blocks, b.bob, objective)


def best_blocks(data: dict, objective: str = "standard") -> tuple[tuple, list[dict]]:
    b = Board(data)
    scored = [(play(b, b.attacks, d, b.bob, objective), d) for d in legal_blocks(b, b.attacks)]
    best = max(v for v, _ in scored)
    return best, [d for v, d in scored if v == best]


def value_of_attacks(data: dict, attacks: dict, objective: str = "standard") -> tuple:
    b = Board(data)
    if not attacks:
        return value(b, State(b), b.alice, objective)
    return min(play(b, attacks, d, b.alice, objective) for d in legal_blocks(b, attacks))


def best_attacks(data: dict, objective: str = "standard") -> tuple[tuple, list[dict]]:
    b = Board(data)
    scored = [(value_of_attacks(data, d, objective), d) for d in legal_attacks(b)]
    best = max(v for v, _ in scored)
    return best, [d for v, d in scored if v == best]
