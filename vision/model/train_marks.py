#!/usr/bin/env python3
"""Train the marks classifier and export it as two ONNX files.

On a half-played puzzle some filled cells are printed givens and some the
player's own marks: handwriting in pen or pencil, an app's pieces in its
player colour, pieces off the shading that locks the givens. One cell
alone often cannot say which: blue print and a blue pen look alike, a
grey app piece is grey print on another board. What tells them is how a
cell differs from the others on its board. So the net reads a board's
filled cells as a set:

  - a cell encoder (marks_cell.onnx) turns each filled cell's patch, cut
    exactly as the cell classifier's (vision/internal/cellread/patch.go:
    grey against the grid's paper and spread, and two colour
    differences), into FEATURES numbers;
  - the reader takes their mean and maximum over the board's filled
    cells, and over the filled cells of each symbol: print and marks
    differ most plainly within one symbol, where the glyph is the same;
  - a gate (marks_gate.onnx) reads the board's mean and maximum and tells
    whether the board holds any marks at all, as most boards do not;
  - a head (marks_board.onnx) reads each cell's features beside its
    board's and its symbol's mean and maximum and tells "given" from
    "mark".

`go run ./cmd/visionlab markpatches -o DIR` cuts the patches, their labels,
boards and symbols from rendered boards whose seeds no measured suite
uses; this script trains on DIR/train, reports on DIR/val and writes the
three models beside OUT_PREFIX.

It runs on the CPU with one thread and a fixed seed, so that `make model`
gives back the committed models.

    python3 vision/model/train_marks.py DIR vision/model/marks
"""

import os
import sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_cells import INPUT, centre, crops, load  # noqa: E402

SEED = 20261128
EPOCHS = 20
BOARDS = 16      # boards a step
FEATURES = 32    # the cell encoder's output (vision cellread marksFeatures)


class CellEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),    # 12
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),   # 6
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 3
            nn.Flatten(), nn.Linear(32 * 9, FEATURES), nn.ReLU(),
        )

    def forward(self, x):
        return self.net(x)


class CellHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5 * FEATURES, 32), nn.ReLU(), nn.Linear(32, 2))

    def forward(self, x):
        return self.net(x)


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2 * FEATURES, 32), nn.ReLU(), nn.Linear(32, 2))

    def forward(self, x):
        return self.net(x)


def pooled(fg):
    return torch.cat([fg.mean(0, keepdim=True), fg.max(0, keepdim=True).values], 1)


def with_board(f, groups, values):
    """Each cell's features beside its board's and its symbol's mean and
    maximum, and each board's; groups lists each board's rows of f, values
    the cells' symbols."""
    cells, boards = [], []
    for g in groups:
        fg = f[torch.from_numpy(g)]
        board = pooled(fg)
        boards.append(board)
        sym = torch.empty(len(g), 2 * FEATURES)
        vg = values[g]
        for v in np.unique(vg):
            at = torch.from_numpy(np.flatnonzero(vg == v))
            sym[at] = pooled(fg[at]).expand(len(at), -1)
        cells.append(torch.cat([fg, board.expand(len(g), -1), sym], 1))
    return torch.cat(cells), torch.cat(boards)


def board_groups(boards):
    order = np.argsort(boards, kind="stable")
    cuts = np.flatnonzero(np.diff(boards[order])) + 1
    return [np.sort(g) for g in np.split(order, cuts)]


def evaluate(enc, head, gate, x, groups, values):
    enc.eval()
    head.eval()
    gate.eval()
    with torch.no_grad():
        f = torch.cat([enc(torch.from_numpy(x[i:i + 4096])) for i in range(0, len(x), 4096)])
        idx = np.concatenate(groups)
        cells, boards = with_board(f, groups, values)
        logits = head(cells)
        marked = gate(boards).argmax(1).numpy()
    pred = np.empty(len(x), dtype=np.int64)
    pred[idx] = logits.argmax(1).numpy()
    return pred, marked


def report(name, y, pred, marked, groups):
    conf = np.zeros((2, 2), dtype=int)
    for t, p in zip(y, pred):
        conf[t, p] += 1
    gated = pred.copy()
    gconf = np.zeros((2, 2), dtype=int)
    for g, m in zip(groups, marked):
        if not m:
            gated[g] = 0
        gconf[int(y[g].any()), m] += 1
    perfect = sum(1 for g in groups if (gated[g] == y[g]).all())
    right = (gated == y).mean()
    print(f"{name}: cells {np.trace(conf) / conf.sum():.4f} over {conf.sum()}, gated {right:.4f};"
          f" boards all right (gated) {perfect} of {len(groups)}")
    print("  cells (rows truth given/mark, columns read):", conf.tolist(),
          " boards (rows truth unmarked/marked, columns gate):", gconf.tolist())


def main():
    data, out = sys.argv[1], sys.argv[2]
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(SEED)
    pix, y, side, _ = load(os.path.join(data, "train"))
    boards = np.fromfile(os.path.join(data, "train", "boards.i32"), dtype=np.int32)
    values = np.fromfile(os.path.join(data, "train", "values.u8"), dtype=np.uint8)
    vpix, vy, _, _ = load(os.path.join(data, "val"))
    vboards = np.fromfile(os.path.join(data, "val", "boards.i32"), dtype=np.int32)
    vvalues = np.fromfile(os.path.join(data, "val", "values.u8"), dtype=np.uint8)
    margin = (side - INPUT) // 2
    vx = centre(vpix, margin)
    groups, vgroups = board_groups(boards), board_groups(vboards)
    marked = np.array([y[g].any() for g in groups], dtype=np.int64)
    print("training cells:", len(y), "by label:", np.bincount(y, minlength=2), "boards:", len(groups),
          "marked:", marked.sum())
    enc, head, gate = CellEncoder(), CellHead(), Gate()
    params = list(enc.parameters()) + list(head.parameters()) + list(gate.parameters())
    print("parameters:", sum(p.numel() for p in params))
    opt = torch.optim.Adam(params, lr=2e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, EPOCHS)
    counts = np.bincount(y, minlength=2).astype(np.float32)
    weight = np.sqrt(counts.max() / np.maximum(counts, 1))
    loss_fn = nn.CrossEntropyLoss(weight=torch.from_numpy(weight / weight.mean()))
    # Unmarked boards are most boards a user reads, and a gate that lets
    # one through calls its print the player's: they weigh as much in all
    # as the marked ones.
    board_counts = np.bincount(marked, minlength=2).astype(np.float32)
    gate_loss = nn.CrossEntropyLoss(weight=torch.from_numpy(board_counts.sum() / (2 * np.maximum(board_counts, 1))))
    for epoch in range(EPOCHS):
        enc.train()
        head.train()
        gate.train()
        order = rng.permutation(len(groups))
        total, seen = 0.0, 0
        for b in range(0, len(order), BOARDS):
            # Each board shows a random share of its cells, so that the
            # board's mean and maximum are not always taken over the same.
            picked, local, at = [], [], 0
            for k in order[b:b + BOARDS]:
                g = groups[k]
                keep = g[rng.random(len(g)) < rng.uniform(0.5, 1.0)]
                if len(keep) == 0:
                    keep = g[:1]
                picked.append(keep)
                local.append(np.arange(at, at + len(keep)))
                at += len(keep)
            idx = np.concatenate(picked)
            # A pencil mark differs from print by its strength against the
            # grid's paper: the grey plane's gain and offset are jittered
            # less than for the glyph kinds.
            x = torch.from_numpy(crops(pix[idx], rng, margin, grey_gain=(0.95, 1.05), grey_shift=0.05))
            opt.zero_grad()
            cells, pools = with_board(enc(x), local, values[idx])
            loss = loss_fn(head(cells), torch.from_numpy(y[idx]))
            loss = loss + gate_loss(gate(pools), torch.from_numpy(marked[order[b:b + BOARDS]]))
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
            seen += len(idx)
        sched.step()
        print(f"epoch {epoch + 1}: loss {total / seen:.4f}", flush=True)
        if epoch % 4 == 3 or epoch == EPOCHS - 1:
            report("validation", vy, *evaluate(enc, head, gate, vx, vgroups, vvalues), vgroups)
    report("training (centre crops)", y, *evaluate(enc, head, gate, centre(pix, margin), groups, values), groups)
    enc.eval()
    head.eval()
    gate.eval()
    torch.onnx.export(enc, torch.zeros(1, 3, INPUT, INPUT), out + "_cell.onnx", opset_version=11,
                      input_names=["patch"], output_names=["features"],
                      dynamic_axes={"patch": {0: "n"}, "features": {0: "n"}})
    torch.onnx.export(head, torch.zeros(1, 5 * FEATURES), out + "_board.onnx", opset_version=11,
                      input_names=["cell_board_symbol"], output_names=["logits"],
                      dynamic_axes={"cell_board_symbol": {0: "n"}, "logits": {0: "n"}})
    torch.onnx.export(gate, torch.zeros(1, 2 * FEATURES), out + "_gate.onnx", opset_version=11,
                      input_names=["board"], output_names=["logits"],
                      dynamic_axes={"board": {0: "n"}, "logits": {0: "n"}})
    print("wrote", out + "_cell.onnx", out + "_board.onnx", out + "_gate.onnx")


if __name__ == "__main__":
    main()
