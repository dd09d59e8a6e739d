function __companion_complete
    set -l values (env _COMPANION_COMPLETE_ARGS=(commandline -cp) _COMPANION_COMPLETE=complete_fish companion 2>/dev/null)
    if test (count $values) -gt 0
        printf '%s\n' $values
    else
        __fish_complete_path (commandline -ct)
    end
end

complete --command companion --no-files --arguments '(__companion_complete)'
