# Configuração do JupyterHub para uma turma num servidor da escola (veja docs/ESCOLA.md).
#
# Copie este arquivo para /etc/jupyterhub/jupyterhub_config.py e ajuste as linhas marcadas AJUSTE.
# Cada aluno é um usuário do Linux (o JupyterHub cria as contas que o administrador acrescenta),
# com o seu próprio servidor Jupyter (LocalProcessSpawner) e uma cópia do curso na sua pasta.

import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

c = get_config()  # noqa: F821  (o JupyterHub fornece get_config ao ler este arquivo)

# Onde está o curso (um clone do repositório) e para onde ele vai na pasta de cada aluno.
CURSO = Path(os.environ.get("DAMAS_CURSO", "/opt/damas-curso"))      # AJUSTE, se preciso
PASTA_DO_ALUNO = "damas"
JUPYTER = str(Path(sys.prefix) / "bin" / "jupyter")


def copia_o_curso(spawner, home=None):
    """Antes de abrir o servidor de um aluno: copia notebooks/ e puzzles/ do curso para
    ~/damas, só na primeira vez (o que o aluno mudou não é apagado), e marca os capítulos como
    confiáveis para ele (para os desenhos guardados aparecerem)."""
    name = spawner.user.name
    conta = pwd.getpwnam(name)
    home = Path(home or conta.pw_dir)
    destino = home / PASTA_DO_ALUNO
    if destino.exists():
        return
    for parte in ("notebooks", "puzzles"):
        shutil.copytree(CURSO / parte, destino / parte,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for raiz, pastas, arquivos in os.walk(destino):
        for nome in [raiz] + [os.path.join(raiz, a) for a in arquivos]:
            os.chown(nome, conta.pw_uid, conta.pw_gid)
    cadernos = sorted(str(p) for p in (destino / "notebooks").glob("*.ipynb"))

    def como_o_aluno():
        os.setgid(conta.pw_gid)
        os.setuid(conta.pw_uid)

    subprocess.run([JUPYTER, "trust", *cadernos], env={"HOME": str(home), "PATH": os.environ.get("PATH", "")},
                   preexec_fn=como_o_aluno, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


c.Spawner.pre_spawn_hook = copia_o_curso
c.Spawner.default_url = f"/lab/tree/{PASTA_DO_ALUNO}/notebooks/00_Comece_aqui.ipynb"
c.Spawner.notebook_dir = "~"
c.Spawner.environment = {"MPLBACKEND": "Agg"}

# Quem entra: as contas do Linux (senha do sistema). O administrador acrescenta os alunos pela
# página "Admin" do JupyterHub; create_system_users cria a conta no Linux na hora.
c.JupyterHub.authenticator_class = "pam"
c.LocalAuthenticator.create_system_users = True
c.Authenticator.admin_users = {"professora"}                          # AJUSTE: quem administra
c.Authenticator.allow_all = False                                     # só os alunos acrescentados
c.Authenticator.allow_existing_users = True                           # (pela página Admin)

# Endereço: porta 8000 de todas as interfaces da rede da escola.
c.JupyterHub.bind_url = "http://:8000"                                # AJUSTE (HTTPS: veja o guia)

# Memória: desligar os servidores parados há mais de uma hora (serviço jupyterhub-idle-culler).
c.JupyterHub.load_roles = [{
    "name": "jupyterhub-idle-culler-role",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["jupyterhub-idle-culler-service"],
}]
c.JupyterHub.services = [{
    "name": "jupyterhub-idle-culler-service",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600"],
}]
