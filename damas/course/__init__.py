"""The course layer: what the notebooks of ``notebooks/`` need, one module per notebook.

(The chapter map is written at the end of this step.)
"""
