# nbval checks the course notebooks only; notebooks under tests/ are fixtures of the browser test.
collect_ignore_glob = ["tests/*/*.ipynb"]
