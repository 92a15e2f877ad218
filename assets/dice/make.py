#!/usr/bin/env python3
"""Writes the dice's SVG sources (this folder's *.svg), which the bot renders to 128x128 PNGs
(src/render/emoji.rs) and uploads as its application emoji. Run it after changing a design, then
bump DICE_VERSION in src/render/emoji.rs (a test pins the sources' hash to remind you).

No text elements: words are drawn as strokes, so rendering needs no font.

For Get It's three kinds differ by shape and pattern as well as colour:
  FOR  red rounded square, solid
  GET  white octagon with a double border
  IT   blue circle with a dotted inner ring
Get Dickey's dice are ivory squares with black pips; a held die is inverted (dark, gold pips) in a
thick gold frame.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# A stroke font of the letters the words need, each in a 26 x 50 box.
LETTERS = {
    "F": "M2,50 V0 H25 M2,24 H20",
    "O": "M13,0 A13,13 0 0 1 26,13 V37 A13,13 0 0 1 13,50 A13,13 0 0 1 0,37 V13 A13,13 0 0 1 13,0 Z",
    "R": "M1,50 V0 H14 A12,12 0 0 1 14,24 H1 M13,24 L25,50",
    "G": "M25,10 A13,13 0 0 0 13,0 A13,13 0 0 0 0,13 V37 A13,13 0 0 0 13,50 A13,13 0 0 0 26,37 V26 H15",
    "E": "M25,0 H1 V50 H25 M1,25 H20",
    "T": "M0,0 H26 M13,0 V50",
    "I": "M5,0 H21 M13,0 V50 M5,50 H21",
}
LETTER_W, LETTER_H, GAP = 26, 50, 9

KINDS = {
    # fill, ink (pips, letters), the shape and its pattern
    "for": ("#D7263D", "#FFFFFF"),
    "get": ("#F4F4EF", "#1E1E1E"),
    "it": ("#1F6FEB", "#FFFFFF"),
}


def shape(kind):
    fill, ink = KINDS[kind]
    if kind == "for":
        return (f'<rect x="6" y="6" width="116" height="116" rx="24" fill="{fill}" '
                f'stroke="#7A0F1C" stroke-width="5"/>')
    if kind == "get":
        def octagon(m, c):
            a, b = m, 128 - m
            return (f"{a + c},{a} {b - c},{a} {b},{a + c} {b},{b - c} "
                    f"{b - c},{b} {a + c},{b} {a},{b - c} {a},{a + c}")
        return (f'<polygon points="{octagon(5, 30)}" fill="{fill}" stroke="#1E1E1E" '
                f'stroke-width="5" stroke-linejoin="round"/>'
                f'<polygon points="{octagon(14, 26)}" fill="none" stroke="#1E1E1E" '
                f'stroke-width="3" stroke-linejoin="round"/>')
    return (f'<circle cx="64" cy="64" r="59" fill="{fill}" stroke="#0B3A80" stroke-width="5"/>'
            f'<circle cx="64" cy="64" r="50" fill="none" stroke="#FFFFFF" stroke-width="3" '
            f'stroke-dasharray="2 7" stroke-linecap="round"/>')


def pip_points(n, d):
    c = 64
    corners = {"tl": (c - d, c - d), "tr": (c + d, c - d), "bl": (c - d, c + d),
               "br": (c + d, c + d), "ml": (c - d, c), "mr": (c + d, c), "c": (c, c)}
    layout = {
        1: ["c"], 2: ["tr", "bl"], 3: ["tr", "c", "bl"], 4: ["tl", "tr", "bl", "br"],
        5: ["tl", "tr", "c", "bl", "br"], 6: ["tl", "tr", "ml", "mr", "bl", "br"],
    }[n]
    return [corners[k] for k in layout]


def pips(n, d, r, ink):
    return "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{ink}"/>' for x, y in pip_points(n, d))


def word(text, ink):
    width = len(text) * LETTER_W + (len(text) - 1) * GAP
    x0 = 64 - width / 2
    y0 = 64 - LETTER_H / 2
    paths = []
    for i, letter in enumerate(text):
        x = x0 + i * (LETTER_W + GAP)
        paths.append(f'<path transform="translate({x:g},{y0:g})" d="{LETTERS[letter]}"/>')
    return (f'<g fill="none" stroke="{ink}" stroke-width="9" stroke-linecap="round" '
            f'stroke-linejoin="round">{"".join(paths)}</g>')


def svg(title, body):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" '
            f'viewBox="0 0 128 128">\n<title>{title}</title>\n{body}\n</svg>\n')


def write(name, title, body):
    with open(os.path.join(HERE, f"{name}.svg"), "w") as f:
        f.write(svg(title, body))


for kind, (fill, ink) in KINDS.items():
    word_text = kind.upper()
    d = 27 if kind == "it" else 30
    for n in range(1, 6):
        write(f"fgi_{kind}_{n}", f"{word_text} die, {n}", shape(kind) + pips(n, d, 11, ink))
    write(f"fgi_{kind}_word", f"{word_text} die, the word {word_text}", shape(kind) + word(word_text, ink))
    write(f"fgi_{kind}_blank", f"{word_text} die", shape(kind))

for n in range(1, 7):
    plain = ('<rect x="6" y="6" width="116" height="116" rx="20" fill="#FAFAF5" '
             'stroke="#3A3A3A" stroke-width="5"/>')
    write(f"gd_{n}", f"die, {n}", plain + pips(n, 30, 11, "#1E1E1E"))
    held = ('<rect x="7" y="7" width="114" height="114" rx="20" fill="#2B2D31" '
            'stroke="#F5C542" stroke-width="10"/>')
    write(f"gd_{n}_held", f"held die, {n}", held + pips(n, 28, 11, "#F5C542"))
