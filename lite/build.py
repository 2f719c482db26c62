"""Build the course as a JupyterLite site: Python in the browser, no server, no CDN.

    python lite/build.py                 # the site in build/lite (serve it with any static server)
    python lite/build.py --output DIR
    python lite/build.py --offline       # use only what is cached; fail if something is missing
    python -m http.server -d build/lite 8000   # then open http://127.0.0.1:8000/ (the course: chapter 00)

What it does (everything fetched is cached under ``$DAMAS_LITE_CACHE``, default
``~/.cache/damas-lite``, so a second build needs no network):

1. a venv of its own with ``jupyterlite-core`` and ``jupyterlite-pyodide-kernel`` (pinned below;
   their pins need not agree with the project's), plus the ipywidgets and anywidget front ends and
   the pt-BR language pack (``jupyterlab-language-pack-pt-BR``, read by the build's translation
   addon through ``jupyterlab_server``; the phrases it lacks come from
   ``jupyter-settings/damas_jupyter_settings/pt_BR.json``; pt_BR is the default locale in
   ``lite/jupyter-lite.json``);
2. Pyodide from the npm package ``pyodide`` (``npm pack``), served from the site itself
   (``static/pyodide``), with the pure-Python wheels its lock names and the kernel loads at start
   downloaded from PyPI and their hashes rewritten in ``pyodide-lock.json``;
3. the wheels that are not in the lock (comm, ipywidgets, anywidget, ...) and the ``damas`` wheel
   built from this checkout, in the site's ``pypi/`` index (``%pip install damas`` works offline);
4. the contents: ``notebooks/`` (each chapter with the hidden install cell of
   ``scripts/colab_cell.py``) and ``puzzles/``.

Compiled packages that Pyodide builds itself (numpy, matplotlib) are not served: the chapters that
draw with matplotlib stop with a message in Portuguese (``damas.display.plot``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
sys.path.insert(0, str(ROOT / "scripts"))
import colab_cell  # noqa: E402  (scripts/colab_cell.py: the install cell)
sys.path.insert(0, str(ROOT / "jupyter-settings"))
import damas_jupyter_settings as course_words  # noqa: E402  (the Portuguese the pt-BR pack lacks)

# The build tools and the versions that worked together offline (see lite/README.md).
BUILD_REQUIREMENTS = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter_server>=2.10,<3",
    "libarchive-c>=5",
    "ipywidgets==8.1.9",        # brings jupyterlab_widgets (the widget manager front end)
    "anywidget==0.11.0",        # its front end
    "jupyterlab_server>=2.27,<3",                 # reads the language packs for the translation addon
    "jupyterlab-language-pack-pt-BR==4.5.post3",  # the menus in Portuguese (api/translations/pt_BR.json)
    "setuptools>=64",
    "wheel",
]
PYODIDE_VERSION = "314.0.6"      # jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION of 0.8.6
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "pyodide.js"]
# Packages of the lock the kernel loads at start (their dependencies follow from the lock).
LOCK_PACKAGES = ["micropip", "ipython", "jedi", "traitlets", "typing-extensions", "packaging"]
# Pure-Python wheels not in the lock, at the versions the widget front ends were tested with.
EXTRA_WHEELS = ["comm==0.2.3", "ipywidgets==8.1.9", "jupyterlab_widgets==3.0.17", "anywidget==0.11.0",
                "psygnal==0.16.1"]
PURE = ["--no-deps", "--only-binary=:all:", "--python-version", "3.14", "--platform", "any",
        "--implementation", "py", "--abi", "none"]


class BuildError(RuntimeError):
    pass


def cache_dir() -> Path:
    return Path(os.environ.get("DAMAS_LITE_CACHE") or Path.home() / ".cache" / "damas-lite")


def _key(items) -> str:
    return hashlib.sha256("\n".join(items).encode()).hexdigest()[:10]


def venv_dir(cache: Path) -> Path:
    return cache / f"venv-{_key(BUILD_REQUIREMENTS)}"


def _venv_python(cache: Path) -> Path:
    return venv_dir(cache) / "bin" / "python"


def _run(args, **kw):
    print("+", " ".join(map(str, args)), flush=True)
    subprocess.run(list(map(str, args)), check=True, **kw)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# --- inputs (network once, then cache) ---------------------------------------------------------

def ensure_venv(cache: Path, offline: bool) -> Path:
    python = _venv_python(cache)
    ready = venv_dir(cache) / ".ready"
    if ready.exists():
        return python
    if offline:
        raise BuildError(f"no build venv at {venv_dir(cache)} (run lite/build.py once with network)")
    _run([sys.executable, "-m", "venv", "--clear", venv_dir(cache)])
    _run([python, "-m", "pip", "install", "-q", *BUILD_REQUIREMENTS])
    ready.write_text("\n".join(BUILD_REQUIREMENTS) + "\n")
    return python


def ensure_pyodide(cache: Path, offline: bool) -> Path:
    """The Pyodide core files from the npm package, unpacked once."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if (folder / ".ready").exists():
        return folder
    tarball = cache / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        if offline:
            raise BuildError(f"no {tarball} (run lite/build.py once with network: it runs npm pack)")
        if shutil.which("npm") is None:
            raise BuildError("npm is missing: apt-get install -y npm")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        _run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=tarball.parent,
             stdout=subprocess.DEVNULL)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            with tar.extractfile(member) as src, open(folder / name, "wb") as dst:
                shutil.copyfileobj(src, dst)
    (folder / ".ready").write_text(PYODIDE_VERSION + "\n")
    return folder


def lock_closure(lock: dict, names) -> list[str]:
    """The lock's packages needed by ``names``, dependencies included."""
    packages = lock["packages"]
    seen, todo = [], list(names)
    while todo:
        name = todo.pop(0).lower().replace("_", "-")
        if name in seen:
            continue
        if name not in packages:
            raise BuildError(f"{name} is not in pyodide-lock.json {PYODIDE_VERSION}")
        seen.append(name)
        todo.extend(packages[name].get("depends", []))
    return seen


def _cached_wheel(requirement: str, dest: Path) -> Path | None:
    name, _, version = requirement.partition("==")
    stem = name.lower().replace("-", "_")
    found = sorted(p for p in dest.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-"))
    return found[0] if found else None


def _wheel(python: Path, requirement: str, dest: Path, offline: bool) -> Path:
    """One pure-Python wheel, from the cache or else from PyPI into it."""
    cached = _cached_wheel(requirement, dest)
    if cached is not None:
        return cached
    if offline:
        raise BuildError(f"wheel {requirement} not cached in {dest} (run lite/build.py once with network)")
    dest.mkdir(parents=True, exist_ok=True)
    _run([python, "-m", "pip", "download", "-q", *PURE, "-d", dest, requirement])
    cached = _cached_wheel(requirement, dest)
    if cached is None:
        raise BuildError(f"pip download gave no wheel for {requirement}")
    return cached


def ensure_wheels(cache: Path, pyodide: Path, offline: bool) -> tuple[dict, list[Path]]:
    """(lock name -> wheel path) for the lock's pure wheels, and the extra wheels."""
    python = _venv_python(cache)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    wheels = cache / "wheels"
    lock_wheels, extra = {}, []
    for name in lock_closure(lock, LOCK_PACKAGES):
        entry = lock["packages"][name]
        if not entry["file_name"].endswith("-none-any.whl"):
            raise BuildError(f"{name} is compiled in the lock ({entry['file_name']}): not served offline")
        requirement = f"{entry['name']}=={entry['version']}"
        lock_wheels[name] = _wheel(python, requirement, wheels, offline)
    for requirement in EXTRA_WHEELS:
        extra.append(_wheel(python, requirement, wheels, offline))
    return lock_wheels, extra


def missing_inputs(cache: Path | None = None) -> list[str]:
    """What an offline build lacks (empty when ``--offline`` can build)."""
    cache = cache or cache_dir()
    missing = []
    if not (venv_dir(cache) / ".ready").exists():
        missing.append(f"build venv {venv_dir(cache)}")
    pyodide = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (pyodide / ".ready").exists() and not (cache / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz").exists():
        missing.append(f"Pyodide {PYODIDE_VERSION} (npm pack pyodide@{PYODIDE_VERSION})")
    elif (pyodide / ".ready").exists():
        try:
            ensure_wheels(cache, pyodide, offline=True)
        except BuildError as error:
            missing.append(str(error))
    return missing


# --- the site -----------------------------------------------------------------------------------

def build_damas_wheel(python: Path, dest: Path, tables: Path) -> Path:
    """The project's own wheel, from a copy of this checkout (no build files left in it), with the
    course's files as package data (:func:`add_course_files`), so that the browser's Python reads
    them from the package, with or without the site's service worker."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
            ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis",
            "notebooks", "tests", "benchmarks", "lite", "tmp"))
        add_course_files(src / "damas", tables)
        _run([python, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", dest, src])
    wheels = sorted(dest.glob("damas-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one damas wheel, found {wheels}")
    return wheels[0]


#: The course's files the wheel carries (damas.course.kit.lite): folder of the checkout -> folder
#: inside the package, and the files taken.
COURSE_FILES = [("puzzles", "course/files/puzzles", "*.pdn"),
                ("notebooks/data", "course/files/data", "*")]


def add_course_files(package: Path, tables: Path) -> None:
    """Copy into ``package`` (a copy of ``damas/``) the collections, the chapters' data and the 8x8
    endgame tables (``engine/tables``, read by damas.engine.endgames.cache_dir on Pyodide)."""
    for source, target, pattern in COURSE_FILES:
        (package / target).mkdir(parents=True, exist_ok=True)
        for path in sorted((ROOT / source).glob(pattern)):
            if path.is_file():
                shutil.copy2(path, package / target / path.name)
    (package / "engine" / "tables").mkdir(parents=True, exist_ok=True)
    for table in sorted(tables.glob("brazilian-*.egtb")):
        shutil.copy2(table, package / "engine" / "tables" / table.name)


def stage_contents(dest: Path) -> Path:
    """notebooks/ (chapters with the install cell) and puzzles/, as the site's files."""
    contents = dest / "contents"
    shutil.copytree(ROOT / "notebooks", contents / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "fichas"))
    shutil.copytree(ROOT / "puzzles", contents / "puzzles")
    colab_cell.apply(colab_cell.chapters(contents / "notebooks")
                     + sorted((contents / "notebooks").glob("app_*.ipynb")))
    return contents


def build_endgames(dest: Path) -> Path:
    """The 8x8 endgame tables of chapter 09 (every ending up to 3 pieces, the 4 kings ones), built
    here by CPython (or read from its cache) into ``dest``; the wheel carries them
    (:func:`add_course_files`)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT), DAMAS_ENDGAME_CACHE=str(Path(tmp) / "t"),
                   DAMAS_ENDGAME_PROGRESS="0")
        user = Path(os.environ.get("DAMAS_ENDGAME_CACHE") or Path.home() / ".cache" / "damas" / "endgames")
        if user.is_dir():      # the tables this machine built already: checked again on loading
            shutil.copytree(user, Path(tmp) / "t", ignore=shutil.ignore_patterns("international-*"))
        _run([sys.executable, "-c", "from damas.engine import endgames; endgames.build('brazilian')"], env=env)
        dest.mkdir(parents=True, exist_ok=True)
        for table in sorted((Path(tmp) / "t").glob("brazilian-*.egtb")):
            shutil.copy2(table, dest / table.name)
    return dest


def install_pyodide(site: Path, pyodide: Path, lock_wheels: dict) -> None:
    """Pyodide's core files and the lock's wheels in ``site/static/pyodide``, the lock's hashes
    rewritten for the wheels downloaded from PyPI."""
    target = site / "static" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, target / name)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for name, wheel in lock_wheels.items():
        entry = lock["packages"][name]
        shutil.copy2(wheel, target / entry["file_name"])
        entry["sha256"] = _sha256(wheel)
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def build(output: Path, offline: bool = False) -> Path:
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    python = ensure_venv(cache, offline)
    pyodide = ensure_pyodide(cache, offline)
    lock_wheels, extra = ensure_wheels(cache, pyodide, offline)
    output = output.resolve()
    with tempfile.TemporaryDirectory(prefix="damas-lite-") as tmp:
        stage = Path(tmp)
        lite_dir = stage / "lite"
        (lite_dir / "pypi").mkdir(parents=True)
        write_config(lite_dir / "jupyter-lite.json")
        # The course's own plugins (run on opening, links in the same tab, opening is not
        # editing, the layout of phones and tablets): a prebuilt extension, copied as it is from
        # a folder the build searches like the venv's labextensions.
        shutil.copytree(LITE / "extension", stage / "labextensions" / "damas-curso")
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(
            {"FederatedExtensionAddon": {"extra_labextensions_path": [str(stage / "labextensions")]}}))
        for wheel in extra:
            shutil.copy2(wheel, lite_dir / "pypi" / wheel.name)
        build_damas_wheel(python, lite_dir / "pypi", build_endgames(stage / "endgames"))
        contents = stage_contents(stage)
        # A rebuild into an old output can drop pyodideUrl: always start from nothing.
        shutil.rmtree(output, ignore_errors=True)
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        _run([python, "-m", "jupyterlite_core", "build", "--lite-dir", lite_dir, "--output-dir", output,
              "--contents", contents, "--no-sourcemaps"], cwd=lite_dir, env=env)
    install_pyodide(output, pyodide, lock_wheels)
    complete_translation(output)
    write_landing_page(output)
    (output / ".nojekyll").write_text("")     # GitHub Pages: serve files whose names start with _
    check_site(output)
    print(f"Site pronto em {output} ({_size(output)} MB). Sirva a pasta com qualquer servidor estático,\n"
          f"por exemplo: python -m http.server -d {output} 8000  e abra http://127.0.0.1:8000/ (o endereço abre o capítulo 00)")
    return output


LOCALE = "pt_BR"     # the site's default locale (settingsOverrides in lite/jupyter-lite.json)


#: The course's JupyterLab settings (the status bar hidden, the toolbar's tooltips in Portuguese,
#: no restart dialog...), the same for the site as for a JupyterLab server.
SETTINGS = ROOT / "jupyter-settings" / "overrides.d" / "damas.json"


def write_config(path: Path) -> None:
    """``lite/jupyter-lite.json`` with the course's JupyterLab settings (:data:`SETTINGS`) as the
    site's settings overrides (the site's own entries win)."""
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    overrides = config["jupyter-config-data"].setdefault("settingsOverrides", {})
    for plugin, values in json.loads(SETTINGS.read_text(encoding="utf-8")).items():
        overrides[plugin] = {**values, **overrides.get(plugin, {})}
    path.write_text(json.dumps(config, ensure_ascii=False, indent=2), encoding="utf-8")


def complete_translation(site: Path) -> int:
    """Add the phrases the pt-BR pack lacks (``jupyter-settings/damas_jupyter_settings/pt_BR.json``:
    the menu bar's titles, the Run menu's counted labels, the toolbar's tooltips, the menus'
    items; the same file a JupyterLab server adds) to the site's ``api/translations/pt_BR.json``,
    in each of the domains the site's pages read; the pack's own words win.  How many were added."""
    path = site / "api" / "translations" / f"{LOCALE}.json"
    if not path.exists():
        raise BuildError(f"api/translations/{LOCALE}.json is missing: is jupyterlab-language-pack-pt-BR "
                         "in the build venv, and jupyterlab_server?")
    pack = json.loads(path.read_text(encoding="utf-8"))
    added = course_words.add_words(pack["data"])
    path.write_text(json.dumps(pack, ensure_ascii=False, indent=2, sort_keys=True), encoding="utf-8")
    return added


#: The notebook the site's own address opens, in the single-document view (one notebook, no file
#: list, no launcher: a phone or a tablet shows the chapter and nothing else).
FIRST_NOTEBOOK = "notebooks/00_Comece_aqui.ipynb"
APP = "notebooks"

LANDING = """\
    <script>
      // The course's address opens the course: chapter 00 in the single-document view (the
      // address may be a sub-path of the server, with or without its final slash).
      (function () {
        var here = window.location.pathname.replace(/(\\/|\\/index\\.html)?$/, "/");
        window.location.replace(here + "%(app)s/index.html?path=%(first)s");
      })();
    </script>
  </head>
  <body>
    <p lang="pt-BR">Abrindo o curso de damas&hellip; Se nada acontecer,
      <a href="%(app)s/index.html?path=%(first)s">clique aqui para começar</a>.</p>
  </body>
"""


def write_landing_page(site: Path) -> None:
    """The site's own address opens the course, not the generic JupyterLite launcher: the root
    ``index.html`` keeps the configuration block every page of the site reads, and its script
    (which went to ``lab/``) becomes a redirect to :data:`FIRST_NOTEBOOK`."""
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    start = html.index('<script type="module">')
    end = html.index("</html>")
    landing = LANDING % {"app": APP, "first": FIRST_NOTEBOOK}
    html = html[:start] + landing.lstrip() + "</html>\n"
    html = html.replace("<html>", '<html lang="pt-BR">', 1)
    index.write_text(html, encoding="utf-8")


def check_site(site: Path) -> None:
    """The pins that a build can lose, and the files the kernel needs."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs" or not kernel.get("disablePyPIFallback"):
        raise BuildError(f"jupyter-lite.json lost the local Pyodide pins: {kernel}")
    index = json.loads((site / "pypi" / "all.json").read_text())
    for name in ("damas", "anywidget", "ipywidgets", "comm", "psygnal", "jupyterlab-widgets"):
        if name not in index:
            raise BuildError(f"pypi/all.json lacks {name}: {sorted(index)}")
    for name in PYODIDE_FILES:
        if not (site / "static" / "pyodide" / name).exists():
            raise BuildError(f"static/pyodide/{name} is missing")
    languages = json.loads((site / "api" / "translations" / "all.json").read_text())["data"]
    if LOCALE not in languages:
        raise BuildError(f"the site has no {LOCALE} language pack: {sorted(languages)}")
    overrides = config.get("settingsOverrides", {}).get("@jupyterlab/translation-extension:plugin", {})
    if overrides.get("locale") != LOCALE:
        raise BuildError(f"jupyter-lite.json lost the default locale {LOCALE}: {overrides}")
    if not (site / "files" / "notebooks" / "03_Tomada.ipynb").exists():
        raise BuildError("files/notebooks/03_Tomada.ipynb is missing")


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) // 2**20


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the course as a JupyterLite site.")
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--offline", action="store_true", help="only cached inputs, no network")
    parser.add_argument("--fetch-only", action="store_true", help="fetch and cache the inputs, build nothing")
    args = parser.parse_args(argv)
    try:
        if args.fetch_only:
            cache = cache_dir()
            ensure_venv(cache, args.offline)
            ensure_wheels(cache, ensure_pyodide(cache, args.offline), args.offline)
            print(f"Entradas do site em {cache}")
            return 0
        build(args.output, offline=args.offline)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"Erro ao montar o site: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
