_companion_completion() {
    local IFS=$'\n'
    COMPREPLY=( $( env _COMPANION_COMPLETE_ARGS="${COMP_LINE:0:COMP_POINT}" \
                   _COMPANION_COMPLETE_WORD="${COMP_WORDS[COMP_CWORD]}" \
                   _COMPANION_COMPLETE=complete_bash "$1" 2>/dev/null ) )
    return 0
}

complete -o default -F _companion_completion companion
